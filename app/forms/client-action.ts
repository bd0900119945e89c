import { data } from "react-router";
import type { Notice, Refusal } from "./forms";

/**
 * A route's `clientAction` for its form (docs/decisions/008-one-form-pipeline.md), written
 * `(args: Route.ClientActionArgs) => keepFormOnFailure(args, notice)` so the page reads the
 * server's answer with its type: the answer as it is, but when none arrives (the connection
 * dropped, the server failed) the form's own failure notice, so the page and what was typed stay
 * instead of the error screen.
 *
 * A refused answer keeps a 4xx/5xx status: React Router then leaves the page's data as it is
 * instead of reloading it, which on a dropped connection would fail and replace the page.
 */
export async function keepFormOnFailure<A>({ serverAction }: { serverAction: () => Promise<A> }, failure: Notice) {
  let answer: A;
  try {
    answer = await serverAction();
  } catch (error) {
    // A redirect is an answer, not a failure.
    if (error instanceof Response) throw error;
    const noAnswer: Refusal = { ok: false, fieldErrors: {}, formError: failure };
    return data(noAnswer, { status: 503 });
  }
  if (isRefusal(answer)) return data(answer, { status: 400 });
  return answer;
}

const isRefusal = (answer: unknown): answer is Refusal =>
  typeof answer === "object" && answer !== null && (answer as { ok?: unknown }).ok === false;
