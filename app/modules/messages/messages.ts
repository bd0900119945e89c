/* Messages and names the browser needs at once; the schemas (validation.ts) load only when a form is used. */

export const CONTACT_REQUIRED = "Please fill in all required fields.";
export const EMAIL_INVALID = "Please enter a valid email address";

export const NEWSLETTER_FAILED = { title: "Submission failed", description: "Please try again later." };
export const NEWSLETTER_INVALID = { title: "Invalid email", description: "Please enter a valid email address." };

/** Bots fill every field; people never see this one. A filled honeypot gets a quiet fake success. */
export const HONEYPOT_FIELD = "website";
