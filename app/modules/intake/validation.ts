import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";
import { ACCESS_MESSAGES } from "./messages";

export const accessRequestStatuses = ["new", "approved", "declined"] as const;
export type AccessRequestStatus = (typeof accessRequestStatuses)[number];

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
