/* Giving's words, apart from its schemas so a page can show them without loading zod. */

export const GIVING_MESSAGES = {
  minimum: "Minimum donation is $20",
  received: { title: "Sacred Offering Received", description: "Thank you for your generous contribution!" },
  error: { title: "Payment Error", description: "There was an issue processing your donation. Please try again." },
  cancelled: { title: "Payment Cancelled", description: "Your donation was cancelled." },
  checkoutMinimum: "The minimum ceremony donation is $5,500. For less, please write to us after applying.",
  required: "Please fill in all required fields.",
  // An amount as typed (amount.ts).
  wholeDollars: "Please enter a whole-dollar amount, like 25.",
  maximum: "For gifts above $100,000, please write to us.",
  // A gift given in person, recorded by an admin.
  inPersonMinimum: "Please enter an amount of at least $1.",
  givenOn: "Please give the date it was given (not in the future).",
  method: "Please choose cash or cheque.",
  chequeNumber: "Please give the cheque number.",
  chequeNumberLong: "Please keep the cheque number under 30 characters.",
} as const;

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
