import { z } from "zod/mini";
import { BODY_SENSATIONS, CONTEXTS, EMOTIONS } from "./choices";
import { JOURNAL_MESSAGES } from "./messages";

const emotions = new Set<string>(EMOTIONS);
const sensations = new Set<string>(BODY_SENSATIONS);
const contexts = new Set<string>(CONTEXTS.map((c) => c.value));

export const journalEntrySchema = z.object({
  title: z
    .string()
    .check(z.trim(), z.minLength(1, JOURNAL_MESSAGES.titleRequired), z.maxLength(100, JOURNAL_MESSAGES.titleLong)),
  content: z
    .string()
    .check(z.trim(), z.minLength(10, JOURNAL_MESSAGES.contentShort), z.maxLength(5000, JOURNAL_MESSAGES.contentLong)),
  emotions: z.array(z.string()).check(z.refine((list) => list.every((e) => emotions.has(e)), JOURNAL_MESSAGES.choice)),
  bodySensations: z
    .array(z.string())
    .check(z.refine((list) => list.every((s) => sensations.has(s)), JOURNAL_MESSAGES.choice)),
  // SPEC.md: intensity defaults to 5 (a post without the slider, or with it blank).
  intensity: z.pipe(
    z.string().check(z.refine((v) => v === "" || /^(10|[1-9])$/.test(v), JOURNAL_MESSAGES.intensity)),
    z.transform((v) => v || "5"),
  ),
  ceremonyContext: z.string().check(z.refine((v) => v === "" || contexts.has(v), JOURNAL_MESSAGES.choice)),
});
export type JournalEntryInput = z.infer<typeof journalEntrySchema>;
