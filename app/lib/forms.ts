/** A message shown as a titled notice (toast or alert), as SPEC.md pairs them. */
export interface Notice {
  title: string;
  description: string;
}

export type FieldErrors = Record<string, string>;

/** What every form action answers: success, or the field messages and one notice. */
export type FormResult<T = unknown> =
  | { ok: true; data?: T }
  | { ok: false; fieldErrors: FieldErrors; formError?: Notice; rateLimited?: true };

/** Reads a form into plain strings (files and repeated keys are not used by these forms). */
export function formToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in out)) out[key] = value;
  }
  return out;
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

interface Parser {
  safeParse(
    input: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** The one message a single-alert form shows: the schema's first failing rule (browser and server alike). */
export function firstError(schema: Parser, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * Every field a schema names, missing ones as "" (an unticked box or unanswered radio sends nothing),
 * so the person sees the field's own message rather than a generic type error.
 */
export function withBlanks(input: Record<string, string>, schema: { shape: object }): Record<string, string> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, input[key] ?? ""]));
}
