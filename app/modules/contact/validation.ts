// zod/mini: the same schema runs in the browser and in the action, at a fraction of the bundle size.
import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";

import { CONTACT_MESSAGES } from "./messages";

/** Contact form (the spec's validation rules): all three required after trimming; email without spaces. */
export const contactSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, CONTACT_MESSAGES.nameRequired),
      z.maxLength(100, "Name must be less than 100 characters"),
    ),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, CONTACT_MESSAGES.emailRequired),
      z.maxLength(254, CONTACT_MESSAGES.emailInvalid),
      z.regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid),
      z.toLowerCase(),
    ),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, CONTACT_MESSAGES.messageRequired),
      z.maxLength(5000, "Message must be less than 5000 characters"),
    ),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** A keeper's email answer to a contact message (the console inbox). */
export const contactReplySchema = z.object({
  reply: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please write a reply."),
      z.maxLength(5000, "Please keep the reply under 5000 characters."),
    ),
});
