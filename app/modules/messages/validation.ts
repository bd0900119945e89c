import { z } from "zod";
import { EMAIL_PATTERN } from "~/lib/forms";

export const CONTACT_REQUIRED = "Please fill in all required fields.";
export const EMAIL_INVALID = "Please enter a valid email address";

/** Contact form (SPEC.md 5): all three required after trimming; email without spaces. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, CONTACT_REQUIRED).max(100, "Name must be less than 100 characters"),
  email: z
    .string()
    .trim()
    .min(1, CONTACT_REQUIRED)
    .max(254, EMAIL_INVALID)
    .regex(EMAIL_PATTERN, EMAIL_INVALID)
    .transform((v) => v.toLowerCase()),
  message: z.string().trim().min(1, CONTACT_REQUIRED).max(5000, "Message must be less than 5000 characters"),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const NEWSLETTER_INVALID = { title: "Invalid email", description: "Please enter a valid email address." };

/** Newsletter (SPEC.md 5): non-empty, no spaces, an @ and a dot. */
export const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, NEWSLETTER_INVALID.description)
    .max(254, NEWSLETTER_INVALID.description)
    .regex(EMAIL_PATTERN, NEWSLETTER_INVALID.description)
    .transform((v) => v.toLowerCase()),
});

/** Bots fill every field; people never see this one. A filled honeypot gets a quiet fake success. */
export const HONEYPOT_FIELD = "website";
