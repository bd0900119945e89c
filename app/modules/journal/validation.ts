import { z } from "zod/mini";
import { BODY_SENSATIONS, CONTEXTS, EMOTIONS } from "./choices";

/** SPEC.md 5 "Journal", messages exactly as written. */
export const JOURNAL_MESSAGES = {
  titleRequired: "Title is required",
  titleLong: "Title must be less than 100 characters",
  contentShort: "Please write at least 10 characters",
  contentLong: "Content must be less than 5000 characters",
  choice: "Please choose from the listed options",
  intensity: "Intensity must be a whole number from 1 to 10",
} as const;

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
  intensity: z.string().check(z.refine((v) => /^(10|[1-9])$/.test(v), JOURNAL_MESSAGES.intensity)),
  ceremonyContext: z.string().check(z.refine((v) => v === "" || contexts.has(v), JOURNAL_MESSAGES.choice)),
});
export type JournalEntryInput = z.infer<typeof journalEntrySchema>;

/** The form as the schema reads it: repeated checkboxes become lists; defaults as SPEC.md gives them. */
export function journalFormValues(form: FormData) {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    title: text("title"),
    content: text("content"),
    emotions: [...new Set(form.getAll("emotions").filter((v): v is string => typeof v === "string"))],
    bodySensations: [...new Set(form.getAll("bodySensations").filter((v): v is string => typeof v === "string"))],
    intensity: text("intensity") || "5",
    ceremonyContext: text("ceremonyContext"),
  };
}
