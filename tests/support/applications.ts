/** A ceremony application's form that passes every rule, as posted to /heroic-application; change what a test needs. */
export function applicationFields(changes: Record<string, string> = {}): Record<string, string> {
  return {
    fullName: "Maya Member",
    age: "34",
    city: "Santa Fe",
    phone: "+1 505 555 0101",
    email: "member@example.org",
    mentalHealth: "Nothing to report.",
    medications: "None at present.",
    priorExperience: "Breathwork weekends.",
    intentions: "To listen and to heal.",
    emergencyContact: "Jonas Member",
    emergencyPhone: "+1 505 555 0100",
    agreement: "on",
    ...changes,
  };
}
