/* Messages and names the browser needs at once; the schemas (validation.ts) load only when a form is used. */

export const CONTACT_MESSAGES = {
  required: "Please fill in all required fields.",
  emailInvalid: "Please enter a valid email address",
} as const;

export const NEWSLETTER_MESSAGES = {
  failed: { title: "Submission failed", description: "Please try again later." },
  invalid: { title: "Invalid email", description: "Please enter a valid email address." },
} as const;

export const CHAT_MESSAGES = {
  required: { title: "Message required", description: "Please enter a message." },
  tooMany: { title: "Too many messages", description: "Please wait before sending another message." },
  failed: { title: "Message not sent", description: "The guide could not answer just now. Please try again." },
} as const;

/** Bots fill every field; people never see this one. A filled honeypot gets a quiet fake success. */
export const HONEYPOT_FIELD = "website";
