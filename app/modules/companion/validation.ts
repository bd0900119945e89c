import { z } from "zod/mini";
import { DAILY_PRACTICES, INSIGHT_CATEGORIES } from "../../content/companion";

export const COMPANION_MESSAGES = {
  blank: "Please write something first.",
  long: "Please keep your message under 500 characters.",
  insightBlank: "Please write your reflection before saving it.",
  insightLong: "Please keep your reflection under 2000 characters.",
} as const;

/** The chat input (SPEC.md 9: input 500). Blank is not sent. */
export const companionMessageSchema = z.object({
  message: z
    .string()
    .check(z.trim(), z.minLength(1, COMPANION_MESSAGES.blank), z.maxLength(500, COMPANION_MESSAGES.long)),
});

export const insightSchema = z.object({
  category: z.enum(INSIGHT_CATEGORIES),
  title: z
    .string()
    .check(z.trim(), z.minLength(1, COMPANION_MESSAGES.insightBlank), z.maxLength(200, COMPANION_MESSAGES.insightLong)),
  content: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, COMPANION_MESSAGES.insightBlank),
      z.maxLength(2000, COMPANION_MESSAGES.insightLong),
    ),
});

const practiceIds = new Set<string>(DAILY_PRACTICES.map((p) => p.id));

/** A daily practice ticked (done "true") or unticked. */
export const practiceSchema = z.object({
  practiceId: z.string().check(z.refine((id) => practiceIds.has(id), "Unknown practice.")),
  done: z.string(),
});

/** The companion's notices (the limit's words are SPEC.md's). */
export const COMPANION_NOTICES = {
  tooMany: { title: "Too many messages", description: "Please wait before sending another message." },
  notSent: { title: "Message not sent", description: "Your message could not be sent just now. Please try again." },
  notSaved: { title: "Not saved", description: "This could not be saved just now. Please try again." },
} as const;
