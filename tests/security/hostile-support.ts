import { expect } from "vitest";
import { alerts, everyMessage, fieldMessages, hasControl } from "../support/field-messages";

/** Answers no client should get, one line each: 500s, dropped connections, 4xx without a message. */
export async function judge(res: Response, what: string, failures: string[]): Promise<void> {
  const text = await res.text();
  if (res.status >= 500) failures.push(`${what}: ${res.status}${res.status === 599 ? ` ${text}` : ""}`);
  // 404 and 410 speak for themselves; 413, 414 and 431 come from the HTTP layer before the app.
  else if (res.status >= 400 && ![404, 410, 413, 414, 431].includes(res.status) && text.trim() === "") {
    failures.push(`${what}: ${res.status} with an empty body (no message)`);
  }
}

/** How a field was sent in the per-field sweep: replaced by a hostile value, left out, or sent twice. */
export type FieldCase = "oversized" | "rtlEmojiNul" | "sqlLike" | "scriptTag" | "hugeNumber" | "missing" | "repeated";

/**
 * Refusals that are about the whole submission, not one field, so they carry the form's notice
 * (role="alert" text) instead of a field's message: 429 (too many attempts from this address, said
 * before any field is read), 409 (a conflict with what is stored: the slot was taken, the request
 * was already decided, the link was already used), 402 (the card was declined) and 403 (this
 * account may not do this). A 400 or 422 is a complaint about the input, so it must name the field.
 */
export const WHOLE_FORM_STATUSES = [402, 403, 409, 429];
const NOT_FOUND_STATUSES = [404, 410];

/**
 * The per-field rule (issue 30: "hostile values must get a 4xx with a message naming the field").
 * Never a 5xx. A 2xx or 3xx only for a value the form may legitimately take (a script tag in a
 * journal entry is text), never for an oversized value nor without a required field. A 4xx must
 * show FIELD's message: in the page (a control named FIELD marked aria-invalid, described by an
 * element with text; a hidden control cannot be marked, so there the form's alert speaks for it),
 * in a data answer (`fieldErrors[FIELD]`), or in a plain-text answer that names FIELD (the input
 * guard's, before any route runs). A whole-form refusal (WHOLE_FORM_STATUSES) needs the form's
 * notice instead. Some forms are sent as they would be refused (a wrong password, a time that is
 * no slot): the same refusal as for the form unchanged (`baseline`, from answerSignature) means
 * the value passed its checks, as a 2xx would; it never excuses an oversized or missing field.
 */
export async function judgeField(
  res: Response,
  sent: { what: string; field: string; case: FieldCase; required: boolean; unread: boolean; baseline: string },
  failures: string[],
): Promise<void> {
  const { what, field } = sent;
  const text = await res.text();
  // A field the action never reads is not checked: no value of it is accepted or refused.
  const strict = (sent.case === "oversized" && !sent.unread) || (sent.case === "missing" && sent.required);
  if (res.status >= 500) {
    failures.push(`${what}: ${res.status}${res.status === 599 ? ` ${text}` : ""}`);
    return;
  }
  if (res.status < 400) {
    if (sent.case === "oversized" && !sent.unread)
      failures.push(`${what}: ${res.status}, an oversized ${field} was accepted`);
    if (sent.case === "missing" && sent.required) failures.push(`${what}: ${res.status}, accepted without ${field}`);
    return;
  }
  const type = res.headers.get("content-type") ?? "";
  const shown = messagesFor(text, type, field, res.status);
  if (shown.field.length > 0) return;
  if (WHOLE_FORM_STATUSES.includes(res.status) && shown.form.length > 0) return;
  // A field the action never reads cannot be named: a refusal of the whole submission, said, is right.
  if (sent.unread && shown.form.length > 0) return;
  // Not found: the record the post acts on does not exist (an id the page chose, never a typed
  // field), so nothing was done; the status says so, as judge() holds.
  if (NOT_FOUND_STATUSES.includes(res.status) && !shown.typed) return;
  // A value its field takes (any text is a password) may be refused for what it makes of another
  // field (the two passwords now differ): that field's own message counts. Never for an oversized
  // or missing value, which must be refused for itself.
  if (!strict && shown.otherFields.length > 0) return;
  if (!strict && signature(res.status, type, text) === sent.baseline) return;
  const form = shown.form.length > 0 ? ` (the form says "${shown.form[0]?.slice(0, 80)}")` : "";
  failures.push(`${what}: ${res.status} without a message for ${field}${form}`);
}

/** What an answer says, to tell whether two answers are the same refusal. */
export async function answerSignature(res: Response): Promise<string> {
  return signature(res.status, res.headers.get("content-type") ?? "", await res.text());
}

function signature(status: number, type: string, text: string): string {
  if (status < 400) return String(status);
  if (type.includes("text/html")) return `${status} ${JSON.stringify(everyMessage(text))}`;
  if (type.includes("json")) {
    try {
      const { fieldErrors, formError } = JSON.parse(text) as Record<string, unknown>;
      return `${status} ${JSON.stringify({ fieldErrors, formError })}`;
    } catch {
      return `${status} ${text}`;
    }
  }
  return `${status} ${text.trim()}`;
}

/** The field's messages and the form's notices in an answer, whatever its type. */
function messagesFor(
  text: string,
  type: string,
  field: string,
  status: number,
): { field: string[]; form: string[]; otherFields: string[]; typed: boolean } {
  if (type.includes("text/html")) {
    const form = alerts(text);
    const marked = fieldMessages(text, field);
    const names = new Set([...text.matchAll(/\sname="([^"]+)"/g)].map((m) => m[1] ?? ""));
    const otherFields = [...names].filter((name) => name !== field).flatMap((name) => fieldMessages(text, name));
    // A hidden control (an intent, an id) cannot be marked or focused, nor can a control the
    // answering page does not show (a post only the page's script sends, the form of another mode,
    // a row no longer listed): the form's alert speaks for it.
    const control = hasControl(text, field);
    if (marked.length === 0 && !control.visible && !WHOLE_FORM_STATUSES.includes(status)) {
      return { field: form, form, otherFields, typed: false };
    }
    return { field: marked, form, otherFields, typed: control.visible };
  }
  if (type.includes("json")) {
    try {
      const answer = JSON.parse(text) as { fieldErrors?: Record<string, string>; formError?: { title?: string } };
      const message = answer.fieldErrors?.[field];
      const otherFields = Object.entries(answer.fieldErrors ?? {})
        .filter(([name]) => name !== field)
        .map(([, m]) => m);
      return {
        field: message ? [message] : [],
        form: answer.formError?.title ? [answer.formError.title] : [],
        otherFields,
        typed: true,
      };
    } catch {
      return { field: [], form: [], otherFields: [], typed: true };
    }
  }
  const plain = text.trim();
  return {
    field: plain && new RegExp(`\\b${field}\\b`).test(plain) ? [plain] : [],
    form: plain ? [plain] : [],
    otherFields: [],
    typed: true,
  };
}

/**
 * Server errors this suite found and reported, not yet fixed (tests/security/README.md). Each is
 * matched by the lines it produces. A sweep fails on any other failure (a new bug) and on a known
 * bug that no longer shows (fixed: delete its entry so it cannot come back unnoticed).
 */
export interface KnownBug {
  id: string;
  summary: string;
  matches: RegExp;
}

export function expectOnlyKnownBugs(failures: string[], known: KnownBug[]): void {
  const unexpected = failures.filter((line) => !known.some((bug) => bug.matches.test(line)));
  expect(unexpected, `new failures:\n${unexpected.join("\n")}`).toEqual([]);
  const fixed = known.filter((bug) => !failures.some((line) => bug.matches.test(line))).map((bug) => bug.id);
  expect(fixed, "known bugs that no longer show: remove them from the known list").toEqual([]);
}

/**
 * The bugs found and not yet fixed, numbered as in tests/security/README.md. Empty now: all found
 * so far are fixed. A new finding goes here with its number.
 */
export const KNOWN_BUGS: Record<string, KnownBug> = {};

/**
 * What the per-field sweep's stricter rule (issue 30, judgeField) found and is not fixed yet,
 * numbered as in tests/security/README.md. Empty now: H1 to H3 are fixed. A new finding goes here
 * with its number and the forms it was seen on, so the same fault on another form is a new failure.
 */
export const KNOWN_FIELD_MESSAGE_BUGS: Record<string, KnownBug> = {};

type Reader = "get" | "has" | "getAll";

/**
 * The query parameter names read through URLSearchParams (get, has, getAll) while `fn` runs. The
 * app under test runs in this process, so its loaders' and pages' reads are seen; a read of
 * every parameter at once (iterating them) is not, and no page of ours does that.
 */
export async function queryParamsRead(fn: () => Promise<void>): Promise<Set<string>> {
  const proto = URLSearchParams.prototype as unknown as Record<
    Reader,
    (this: URLSearchParams, name: string) => unknown
  >;
  const originals = { get: proto.get, has: proto.has, getAll: proto.getAll };
  const names = new Set<string>();
  for (const reader of Object.keys(originals) as Reader[]) {
    const original = originals[reader];
    proto[reader] = function (this: URLSearchParams, name: string, ...rest: unknown[]) {
      names.add(name);
      return (original as (...args: unknown[]) => unknown).call(this, name, ...rest);
    };
  }
  try {
    await fn();
  } finally {
    Object.assign(proto, originals);
  }
  return names;
}
