/* Recurring offerings' words, apart from the giving forms' (a page that has no recurring form downloads none). */
/** Recurring offerings' words (issue 34): the forms on /donation and /profile, and what each answer says. */
export const RECURRING_MESSAGES = {
  frequency: "Please choose once, every month or every year.",
  signIn: "Please sign in to give every month or year, so that you can change or stop it from your profile.",
  notYours: { title: "Not saved", description: "That recurring offering is not on your profile." },
  notNow: {
    title: "Not saved",
    description: "That recurring offering cannot be changed so now. Please reload the page to see where it stands.",
  },
  providerFailed: {
    title: "Not saved",
    description: "The payment provider did not answer, so nothing was changed. Please try again in a moment.",
  },
  sameAmount: "That is already the amount you give.",
} as const;
