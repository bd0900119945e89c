import type { Outcomes } from "~/forms/outcome";

/** What the journal's forms say when they worked (app/forms/outcome.ts): as a toast, or on the page they land on. */
export const JOURNAL_OUTCOMES = {
  saved: { title: "Sacred Entry Saved", description: "Your reflection has been preserved in your journal." },
  deleted: "The entry was deleted.",
} as const satisfies Outcomes;
