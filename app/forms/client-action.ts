import { type ClientActionFunctionArgs, data } from "react-router";
import type { FormResult, Notice } from "./forms";

/**
 * A route's `clientAction` for its form (docs/decisions/008-one-form-pipeline.md): the server's
 * answer as it is, but when none arrives (the connection dropped, the server failed) the form's
 * own failure notice, so the page and what was typed stay instead of the error screen.
 *
 * A refused answer keeps a 4xx/5xx status: React Router then leaves the page's data as it is
 * instead of reloading it, which on a dropped connection would fail and replace the page.
 */
export function keepFormOnFailure(failure: Notice) {
  return async ({ serverAction }: ClientActionFunctionArgs) => {
    let answer: unknown;
    try {
      answer = await serverAction();
    } catch (error) {
      // A redirect is an answer, not a failure.
      if (error instanceof Response) throw error;
      return data({ ok: false, fieldErrors: {}, formError: failure } satisfies FormResult, { status: 503 });
    }
    const result = answer as FormResult | undefined;
    if (result && typeof result === "object" && result.ok === false) return data(result, { status: 400 });
    return answer;
  };
}
