/* The calendar's words, apart from its schema so a page can show them without loading zod. */

export const CALENDAR_MESSAGES = {
  feeling: "Please choose one of the six feelings.",
  /** What the check-in says when its answer did not arrive. */
  checkinNotSaved: {
    title: "Check-in not saved",
    description: "Your check-in could not be saved just now. Please try again.",
  },
} as const;
