import { z } from "zod/mini";
import { DAILY_PRACTICES } from "../../content/companion";
import { serialId } from "../../lib/ids";
import { COMPANION_MESSAGES } from "./messages";

/** The chat input (the spec's chat limit: input 500). Blank is not sent. */
export const companionMessageSchema = z.object({
  message: z
    .string()
    .check(z.trim(), z.minLength(1, COMPANION_MESSAGES.blank), z.maxLength(500, COMPANION_MESSAGES.long)),
});

/**
 * The reflection prompt's "Save Insight": the member's own words. Other insights are kept from what
 * the server stored (a companion reply, a practice done), never from posted text.
 */
export const insightSchema = z.object({
  category: z.enum(["reflection"]),
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, COMPANION_MESSAGES.insightBlank),
      z.maxLength(200, COMPANION_MESSAGES.insightTitleLong),
    ),
  content: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, COMPANION_MESSAGES.insightBlank),
      z.maxLength(2000, COMPANION_MESSAGES.insightLong),
    ),
});

const practiceIds = new Set<string>(DAILY_PRACTICES.map((p) => p.id));

const practiceId = z.string().check(z.refine((id) => practiceIds.has(id), "Unknown practice."));

/** A daily practice ticked (done "true") or unticked. */
export const practiceSchema = z.object({ practiceId, done: z.enum(["true", "false"], COMPANION_MESSAGES.doneOrNot) });

/** "Keep as a Practice insight" under a practice done today. */
export const keepPracticeSchema = z.object({ practiceId });

/** The bin beside a saved insight: which one (another member's is answered as gone, as one that never was). */
export const deleteInsightSchema = z.object({
  id: z.string().check(z.refine((id) => serialId(id) !== null, "Unknown insight.")),
});

/** "Save as insight" under a companion reply: which message (its words are read on the server). */
export const keepMessageSchema = z.object({
  messageId: z.string().check(z.refine((id) => serialId(id) !== null, "Unknown message.")),
});
