/* The Spirit Companion's words, apart from its schemas so a page can show them without loading zod. */

export const COMPANION_MESSAGES = {
  blank: "Please write something first.",
  long: "Please keep your message under 500 characters.",
  insightBlank: "Please write your reflection before saving it.",
  insightLong: "Please keep your reflection under 2000 characters.",
  insightTitleLong: "Please keep the title under 200 characters.",
  doneOrNot: "A practice is either done today or not.",
  // The notices; the limit's words are SPEC.md's.
  tooMany: { title: "Too many messages", description: "Please wait before sending another message." },
  notSent: { title: "Message not sent", description: "Your message could not be sent just now. Please try again." },
  notSaved: { title: "Not saved", description: "This could not be saved just now. Please try again." },
  noMessage: { title: "Not saved", description: "That message could not be found." },
  notDone: { title: "Not saved", description: "Mark the practice complete first." },
} as const;
