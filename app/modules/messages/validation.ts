// zod/mini: the same schema runs in the browser and in the action, at a fraction of the bundle size.
import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";
import { issueFormats } from "./issue-formats";

import { CONTACT_REQUIRED, EMAIL_INVALID, NEWSLETTER_INVALID } from "./messages";

export { CONTACT_REQUIRED, EMAIL_INVALID, HONEYPOT_FIELD, NEWSLETTER_FAILED, NEWSLETTER_INVALID } from "./messages";

/** Contact form (SPEC.md 5): all three required after trimming; email without spaces. */
export const contactSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, CONTACT_REQUIRED), z.maxLength(100, "Name must be less than 100 characters")),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, CONTACT_REQUIRED),
      z.maxLength(254, EMAIL_INVALID),
      z.regex(EMAIL_PATTERN, EMAIL_INVALID),
      z.toLowerCase(),
    ),
  message: z
    .string()
    .check(z.trim(), z.minLength(1, CONTACT_REQUIRED), z.maxLength(5000, "Message must be less than 5000 characters")),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Newsletter (SPEC.md 5): non-empty, no spaces, an @ and a dot. */
export const newsletterSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, NEWSLETTER_INVALID.description),
      z.maxLength(254, NEWSLETTER_INVALID.description),
      z.regex(EMAIL_PATTERN, NEWSLETTER_INVALID.description),
      z.toLowerCase(),
    ),
});

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

/** A newsletter issue as a keeper writes it in the console. */
export const newsletterIssueSchema = z.object({
  subject: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please write a subject."),
      z.maxLength(200, "Please keep the subject under 200 characters."),
    ),
  format: z.enum(issueFormats, "Choose Markdown or plain text."),
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please write the issue."),
      z.maxLength(50_000, "Please keep the issue under 50,000 characters."),
    ),
});

/** Sending cannot be undone: the keeper ticks that they mean it. */
export const newsletterSendSchema = z.object({
  confirm: z.string().check(z.minLength(1, "Tick the box to confirm that this issue goes to every subscriber.")),
});
