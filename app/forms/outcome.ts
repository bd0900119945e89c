import type { Notice } from "./forms";

/*
 * The one way a form says it worked (docs/decisions/008-one-form-pipeline.md). A page keeps a
 * messages map, one entry per thing its forms can do. Its action answers a browser without
 * JavaScript with a redirect to the page with `?done=<key>`, where FormOutcome says the entry's
 * message. The running app shows the same message as a toast: FormOutcome does when the app
 * follows the same address, the form's own onSuccess when it stays on the page (reading the entry
 * from the same map). Adding a form's success means adding one entry.
 */

/** The address parameter naming what was done. */
export const OUTCOME_PARAM = "done";

/** A page's messages map: what each outcome says (a title and description, or one line). */
export type Outcomes = Readonly<Record<string, Notice | string>>;

/**
 * Where a browser without JavaScript lands after a change: `path` with `?done=` naming what was
 * done, keeping the page's own query (filters, a range) when there is one, and an anchor to
 * scroll to the form that was sent.
 */
export function donePage(path: string, done: string, query?: URLSearchParams, anchor?: string) {
  const params = new URLSearchParams(query);
  params.delete(OUTCOME_PARAM);
  params.set(OUTCOME_PARAM, done);
  return `${path}?${params}${anchor ? `#${anchor}` : ""}`;
}

/** The message for an outcome key (from the address or an answer), or null for none or an unknown one. */
export function outcomeMessage(messages: Outcomes, done: string | null | undefined): Notice | string | null {
  return (done && Object.hasOwn(messages, done) ? messages[done] : null) ?? null;
}
