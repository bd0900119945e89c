/* Messages and names the browser needs at once; the schemas (validation.ts) load only when a form is used. */

export const NEWSLETTER_MESSAGES = {
  failed: { title: "Submission failed", description: "Please try again later." },
  invalid: { title: "Invalid email", description: "Please enter a valid email address." },
  tooMany: {
    title: "Submission failed",
    description: "Too many sign-ups from this connection. Please try again later.",
  },
} as const;

/** When sign-ups for one address came from many connections (its ceiling, decision 007): other ways through. */
export const newsletterAddressBusy = (wait: string) => ({
  title: "Submission failed",
  description: `Many sign-ups for this address reached us today. The link in the newest confirmation email we sent it works; or try again in ${wait}. If it is the address of your account, sign in and send it again.`,
});
