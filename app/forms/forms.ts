/** A message shown as a titled notice (toast or alert), as SPEC.md pairs them. */
export interface Notice {
  title: string;
  description: string;
}

export type FieldErrors = Record<string, string>;
/** What was typed, to put back into the form after an error (never a password). */
export type FormValues = Record<string, string | string[]>;

/**
 * What every form action answers (docs/decisions/008-one-form-pipeline.md): success, or the field
 * messages, one notice and what was typed. A browser without JavaScript gets a redirect instead of
 * a success answer (action.server.ts).
 */
export type FormResult<T = unknown> = { ok: true; data?: T } | Refusal;

/** A form's refusal: each field's message, the form's notice, what was typed. */
export interface Refusal {
  ok: false;
  fieldErrors: FieldErrors;
  formError?: Notice;
  values?: FormValues;
  rateLimited?: true;
}

/**
 * A post naming an intent the page has no form for: only a stale page (the app changed under it) or a
 * forged request sends one (or one that sends two intents). The page says so above its forms
 * (PageAlert), since none of them owns the answer.
 */
export const UNKNOWN_FORM: Notice = {
  title: "Not saved",
  description: "This form is not on the page any more. Please reload the page and try again.",
};

/** The hidden field holding a form's one-time key (made when the form is rendered). */
export const FORM_KEY_FIELD = "_key";

/** Fields never echoed back into a page: secrets, and the honeypot (bots fill it). */
const NEVER_ECHOED = /password|code|secret|card|cvv|^website$/i;

/** Whether a field goes back into the page after an error (every field but secrets and the one-time key). */
export const isEchoed = (name: string) => name !== FORM_KEY_FIELD && !NEVER_ECHOED.test(name);

/**
 * What was typed, to put back into the form after an error: every echoed field, a repeated one
 * (ticked boxes of a group) as its list. The action reads it from the post (`readSubmission`) and
 * the page from what it sent when no answer came (`keepFormOnFailure`), so both give back the same.
 */
export function typedValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || !isEchoed(name)) continue;
    const had = values[name];
    values[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return values;
}

interface Shape {
  shape: Record<string, { _zod: { def: { type: string; innerType?: { _zod: { def: { type: string } } } } } }>;
}

const isList = (field: Shape["shape"][string]) =>
  field._zod.def.type === "array" ||
  (field._zod.def.type === "optional" && field._zod.def.innerType?._zod.def.type === "array");

/**
 * A form as its schema reads it, in the browser and in the action alike: every field the schema
 * names, a missing one as "" (an unticked box or unanswered radio sends nothing, and the person
 * should see the field's own message), a list field as its distinct values.
 */
export function formInput(form: FormData, schema: Shape): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const all = form.getAll(key).filter((v): v is string => typeof v === "string");
      return [key, isList(field) ? [...new Set(all)] : (all[0] ?? "")];
    }),
  );
}

/** First message per field, in the schema's field order (so "validation order" holds). */
export function fieldErrorsOf(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Bots fill every field; people never see this one. A filled honeypot gets a quiet fake success. */
export const HONEYPOT_FIELD = "website";
