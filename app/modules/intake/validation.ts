import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";

export const accessRequestStatuses = ["new", "approved", "declined"] as const;
export type AccessRequestStatus = (typeof accessRequestStatuses)[number];

/** SPEC.md 5, in this order; whitespace-only counts as empty. */
export const ACCESS_MESSAGES = {
  name: "Please enter your name",
  email: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  reason: "Please tell us why you seek access",
} as const;

export const accessRequestSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, ACCESS_MESSAGES.name), z.maxLength(100, "Name must be less than 100 characters")),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, ACCESS_MESSAGES.email),
      z.maxLength(254, ACCESS_MESSAGES.emailInvalid),
      z.regex(EMAIL_PATTERN, ACCESS_MESSAGES.emailInvalid),
      z.toLowerCase(),
    ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, ACCESS_MESSAGES.reason),
      z.maxLength(2000, "Please keep this under 2000 characters"),
    ),
  experience: z.optional(z.string().check(z.trim(), z.maxLength(2000, "Please keep this under 2000 characters"))),
});
export type AccessRequestInput = z.infer<typeof accessRequestSchema>;
