import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { data, redirect } from "react-router";
import { safeErrorMessage } from "../lib/errors";
import type { SubmissionAnswer } from "../modules/submissions/schema";
import {
  type FieldErrors,
  FORM_KEY_FIELD,
  type FormResult,
  type FormValues,
  fieldErrorsOf,
  formInput,
  isEchoed,
  type Notice,
  type Refusal,
  typedValues,
  UNKNOWN_FORM,
} from "./forms";

/*
 * The server half of the one form pipeline (docs/decisions/008-one-form-pipeline.md): read the
 * post, check it with the form's schema, answer in one shape. Success answers a browser without
 * JavaScript with a redirect to a page that says it worked, and the app's own submissions with data.
 */

/** Set by server/react-router-handler.ts on React Router's `.data` requests: only the running app sends them. */
export const DATA_REQUEST_HEADER = "x-sacred-data-request";
export const isDataRequest = (request: Request) => request.headers.get(DATA_REQUEST_HEADER) === "1";

export interface Submission {
  form: FormData;
  /** The first value of every field, as strings. */
  fields: Record<string, string>;
  /** What goes back into the form after an error: every field but secrets and the key. */
  values: FormValues;
  /** The one-time key the form carried, if any. */
  key: string | null;
}

export async function readSubmission(request: Request): Promise<Submission> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (!(name in fields)) fields[name] = value;
    // Two intents name no one form: the action finds none and says so (UNKNOWN_FORM).
    else if (name === "intent") fields.intent = "";
  }
  return { form, fields, values: typedValues(form), key: submissionKey(form, fields[FORM_KEY_FIELD]) };
}

/** A key as forms make them (crypto.randomUUID) or as tests may; anything else is no key. */
const FORM_KEY = /^[A-Za-z0-9-]{16,64}$/;

/**
 * The submission's identity: the form's one-time key together with what was sent. A public page
 * may be served from a cache (a CDN, the browser's stale-while-revalidate), so two visitors, or
 * one visitor's two different messages, can carry the same rendered key; only the same key with
 * the same content is a resend. Secrets are left out of the hash (it is stored).
 */
function submissionKey(form: FormData, raw: string | undefined): string | null {
  if (!raw || !FORM_KEY.test(raw)) return null;
  const sent = [...form.entries()]
    .filter(([name, value]) => typeof value === "string" && isEchoed(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(raw).update("\n").update(JSON.stringify(sent)).digest("hex");
}

interface Schema<T> {
  shape: Parameters<typeof formInput>[1]["shape"];
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** The form checked by its schema: the data, or every field's first message (in the schema's order). */
export function parse<T>(
  submission: Submission,
  schema: Schema<T>,
): { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors } {
  const result = schema.safeParse(formInput(submission.form, schema));
  return result.success ? { ok: true, data: result.data } : { ok: false, fieldErrors: fieldErrorsOf(result.error) };
}

/** Bad input: 400 (or `status`), with the fields' messages, an optional notice and what was typed. */
export function invalid(submission: Submission, fieldErrors: FieldErrors, formError?: Notice, status = 400) {
  return data({ ok: false as const, fieldErrors, formError, values: submission.values } satisfies Refusal, { status });
}

/** A post naming no form of the page (its intent missing, unknown or repeated): PageAlert shows it. */
export function unknownForm(submission: Submission) {
  return refused(submission, UNKNOWN_FORM, 400);
}

/** Refused as a whole (limits, a failure, a conflict): the notice, what was typed, the status. */
export function refused(
  submission: Submission,
  notice: Notice,
  status: number,
  extra: { retryAfterSeconds?: number; rateLimited?: boolean } = {},
) {
  return data(
    {
      ok: false as const,
      fieldErrors: {} as FieldErrors,
      formError: notice,
      values: submission.values,
      ...(extra.rateLimited ? { rateLimited: true as const } : {}),
    } satisfies Refusal,
    {
      status,
      headers: extra.retryAfterSeconds ? { "Retry-After": String(extra.retryAfterSeconds) } : undefined,
    },
  );
}

/**
 * Success: the app gets `{ ok: true, data }` and shows its success state; a browser without
 * JavaScript is sent (303) to a page that says it worked, so a reload never posts again.
 */
export function succeeded<T = never>(request: Request, answer: SubmissionAnswer<T>, headers?: HeadersInit) {
  if (isDataRequest(request))
    return data({ ok: true as const, data: answer.data } satisfies FormResult<T>, { headers });
  return redirect(answer.redirectTo, { status: 303, headers });
}

/**
 * Off to a payment page (the provider's approval page, or ours that says it was received): a 303
 * the browser follows itself. The forms that end here post as documents (useForm `handsOff`), so
 * no request of the running app is cut off by the leaving.
 */
export function handOff(url: string) {
  return redirect(url, { status: 303 });
}

/** Thrown by a write that refuses (a taken slot, a declined card): its answer is sent as it is. */
export class FormRefusal extends Error {
  constructor(readonly response: ReturnType<typeof refused>) {
    super("form refused");
  }
}

/**
 * Runs an action's work: a refusal or a redirect passes through; anything unexpected (the
 * database out of reach, a bug) is logged and answered with the form's own failure notice and
 * what was typed, never an error page that loses it.
 */
export async function handleForm<T>(
  submission: Submission,
  failure: Notice,
  logger: Pick<Logger, "error">,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof FormRefusal) return error.response;
    if (isDataWithStatus(error)) throw error;
    logger.error({ err: safeErrorMessage(error) }, "form not stored");
    return refused(submission, failure, 503, { retryAfterSeconds: 30 });
  }
}

/** React Router's `data(…)` thrown on purpose (404, 403): not a failure of the form. */
const isDataWithStatus = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";
