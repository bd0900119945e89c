/**
 * The spec's integration session tags: one shared toggled list of 12 emotion tags and 10 insight categories
 * ("Healing" is in both: once).
 */
export const EMOTION_TAGS = [
  "Gratitude",
  "Wonder",
  "Peace",
  "Joy",
  "Clarity",
  "Connection",
  "Healing",
  "Release",
  "Understanding",
  "Love",
  "Acceptance",
  "Transformation",
] as const;
export const INSIGHT_TAGS = [
  "Self-Discovery",
  "Relationships",
  "Purpose",
  "Healing",
  "Creativity",
  "Spirituality",
  "Growth",
  "Forgiveness",
  "Patterns",
  "Wisdom",
] as const;
export const ALL_TAGS: ReadonlyArray<string> = [...new Set<string>([...EMOTION_TAGS, ...INSIGHT_TAGS])];

export const MODES = [
  { id: "personal", label: "Personal Reflection", text: "Write an integration session in your own words." },
  { id: "voice", label: "Voice-to-Vision", text: "Speak your experience and turn it into an image." },
  { id: "facilitated", label: "Facilitated Session", text: "Share safely with your facilitator." },
  { id: "ai-enhanced", label: "AI-Enhanced", text: "Prompts drawn from your own recent sessions." },
] as const;
export type Mode = (typeof MODES)[number]["id"];

/** The spec's Voice-to-Vision step: the visual prompt is built from the transcript with this fixed template. */
export function visualPrompt(transcript: string): string {
  return `A mystical, ethereal visualization of: "${transcript.trim().slice(0, 400)}". Sacred geometry, flowing purple-to-gold light, dreamlike digital art.`;
}
