import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { invalid, refused, type Submission } from "./action.server";
import type { FieldErrors } from "./forms";

/*
 * The console's forms on the one pipeline (docs/decisions/008-one-form-pipeline.md). A console page
 * shows one alert at a time, above its forms; these put a refusal there.
 */

/** A refusal (already decided, not permitted): the page's alert, with its status. */
export const consoleRefused = (submission: Submission, message: string, status: number) =>
  refused(submission, { title: CONSOLE_MESSAGES.notSaved.title, description: message }, status);

/**
 * Bad input: each typed field's message under its field; a message for something with no field of
 * its own (the button's decision, a hidden id) becomes the page's alert.
 */
export function consoleInvalid(submission: Submission, fieldErrors: FieldErrors, typed: readonly string[] = []) {
  const other = Object.entries(fieldErrors).find(([name]) => !typed.includes(name));
  return invalid(
    submission,
    fieldErrors,
    other ? { title: CONSOLE_MESSAGES.notSaved.title, description: other[1] } : undefined,
  );
}
