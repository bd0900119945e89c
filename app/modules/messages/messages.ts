/* Messages and names the browser needs at once; the schemas (validation.ts) load only when a form is used. */

export const CONTACT_MESSAGES = {
  required: "Please fill in all required fields.",
  nameRequired: "Please enter your name.",
  emailRequired: "Please enter your email address.",
  messageRequired: "Please write your message.",
  emailInvalid: "Please enter a valid email address",
} as const;

/** An empty field's own message: the form's notice is then SPEC.md's "Missing Required Fields". */
export const isMissingField = (message: string | undefined) =>
  message === CONTACT_MESSAGES.nameRequired ||
  message === CONTACT_MESSAGES.emailRequired ||
  message === CONTACT_MESSAGES.messageRequired;

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

export const CHAT_MESSAGES = {
  required: { title: "Message required", description: "Please enter a message." },
  tooLong: { title: "Message too long", description: "Please keep your message under 500 characters." },
  tooMany: { title: "Too many messages", description: "Please wait before sending another message." },
  failed: { title: "Message not sent", description: "The guide could not answer just now. Please try again." },
} as const;

/** Bots fill every field; people never see this one. A filled honeypot gets a quiet fake success. */
export const HONEYPOT_FIELD = "website";
