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

export const CHAT_MESSAGES = {
  required: { title: "Message required", description: "Please enter a message." },
  tooLong: { title: "Message too long", description: "Please keep your message under 500 characters." },
  tooMany: { title: "Too many messages", description: "Please wait before sending another message." },
  failed: { title: "Message not sent", description: "The guide could not answer just now. Please try again." },
} as const;
