// zod/mini: the same schema runs in the browser and in the action, at a fraction of the bundle size.
import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";

import { NEWSLETTER_MESSAGES } from "./messages";

/** Newsletter (the spec's email rule): non-empty, no spaces, an @ and a dot. */
export const newsletterSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, NEWSLETTER_MESSAGES.invalid.description),
      z.maxLength(254, NEWSLETTER_MESSAGES.invalid.description),
      z.regex(EMAIL_PATTERN, NEWSLETTER_MESSAGES.invalid.description),
      z.toLowerCase(),
    ),
});
