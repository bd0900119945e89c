/** The spec's emotion check-in choices: label, colour, emoji. Colours pass AA on the night background. */
export const CHECKIN_CHOICES = [
  { label: "Peaceful", emoji: "😌", color: "#7dd3fc" },
  { label: "Grateful", emoji: "🙏", color: "#fcd34d" },
  { label: "Curious", emoji: "🤔", color: "#f9a8d4" },
  { label: "Reflective", emoji: "🌙", color: "#c4b5fd" },
  { label: "Energized", emoji: "⚡", color: "#fdba74" },
  { label: "Centered", emoji: "🧘", color: "#86efac" },
] as const;
export type CheckinLabel = (typeof CHECKIN_CHOICES)[number]["label"];
