/* Kept apart from validation.ts so browser code can show a message without loading the schemas. */
/** The spec's rule for saving an integration session: one message for either missing field. */
export const INTEGRATION_MESSAGES = {
  missing: "Missing Information: Please provide a session title and reflection.",
  long: "Please keep each field under 5000 characters.",
  tags: "Please choose tags from the list.",
  share: "No Content: Please enter something to share with your facilitator.",
  shareLong: "Please keep what you share under 5000 characters.",
  shareKind: "Please choose Share with Facilitator, Group Session or Private Message.",
  message: "Please write your message.",
  messageLong: "Please keep your message under 5000 characters.",
  /** A message in a conversation whose answer did not arrive. */
  messageNotSent: { title: "Not sent", description: "Your message could not be sent. Please try again." },
  noPrompt: "No Prompt: Please generate a visual prompt first.",
  noWords: "No Content: Please record or type your thoughts first.",
  wordsLong: "Please keep your words under 2000 characters.",
  /** SPEC.md's "Save Error", said when a save's answer did not arrive. */
  notSaved: { title: "Save Error", description: "Failed to save your session. Please try again." },
  /**
   * A member past their budget of words to the keepers (RATE_LIMITS.conversation), with when they
   * may write again; what they wrote stays in the form.
   */
  tooMany: (wait: string) => ({
    title: "Please wait a little",
    description: `You have written to the keepers many times in a short while, and they have every message. You can write again in ${wait}; your words are still here. If you are in danger now, please call your local emergency number.`,
  }),
  /** A keeper past theirs (RATE_LIMITS.conversationKeeper). */
  keeperTooMany: (wait: string) => ({
    title: "Not sent",
    description: `Many messages were sent from your account in a short while. You can send this one in ${wait}; it is kept here.`,
  }),
  /** SPEC.md's "Sharing Error". */
  shareNotSent: { title: "Sharing Error", description: "Failed to share with facilitator. Please try again." },
} as const;
