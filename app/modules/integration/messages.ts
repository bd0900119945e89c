/* Kept apart from validation.ts so browser code can show a message without loading the schemas. */
/** SPEC.md 5 "Integration save": one message for either missing field. */
export const INTEGRATION_MESSAGES = {
  missing: "Missing Information: Please provide a session title and reflection.",
  long: "Please keep each field under 5000 characters.",
  tags: "Please choose tags from the list.",
  share: "No Content: Please enter something to share with your facilitator.",
  shareLong: "Please keep what you share under 5000 characters.",
  noPrompt: "No Prompt: Please generate a visual prompt first.",
} as const;
