/* Practice's words (the checklist, the meditations' sits), apart from its schemas so a page can show them without loading zod. */

export const PRACTICE_MESSAGES = {
  checklistItem: "Unknown checklist item.",
  tickOrUntick: "A checklist item is either ticked or not.",
  unknownAction: "Unknown action.",
  unknownPractice: "Unknown practice.",
  wholeSeconds: "A sit is counted in whole seconds.",
  sitLength: "A sit lasts from a minute to the practice's length.",
  /** What the checklist says when a tick did not arrive. */
  checklistNotSaved: {
    title: "Checklist not saved",
    description: "Your checklist could not be saved just now. Please try again.",
  },
  sitNotSaved: {
    title: "Sit not recorded",
    description: "Your sit could not be recorded just now. Please try again.",
  },
} as const;
