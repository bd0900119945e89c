/* The journal's words, apart from its schema so a page can show them without loading zod. */

/** The spec's journal validation messages, exactly as written. */
export const JOURNAL_MESSAGES = {
  titleRequired: "Title is required",
  titleLong: "Title must be less than 100 characters",
  contentShort: "Please write at least 10 characters",
  contentLong: "Content must be less than 5000 characters",
  choice: "Please choose from the listed options",
  intensity: "Intensity must be a whole number from 1 to 10",
  /** When a save did not arrive (the text stays in the form; a retry is safe). */
  notSaved: {
    title: "Entry Not Saved",
    description: "Your entry could not be saved just now. Your words are still here; please try again.",
  },
} as const;
