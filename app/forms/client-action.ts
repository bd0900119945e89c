import { data } from "react-router";
import { type Notice, type Refusal, typedValues } from "./forms";

/**
 * A route's `clientAction` for its form (docs/decisions/008-one-form-pipeline.md), written
 * `(args: Route.ClientActionArgs) => keepFormOnFailure(args, notice)` so the page reads the
 * server's answer with its type: the answer as it is, but when none arrives (the connection
 * dropped, the server or its database failed before the action ran) the form's own failure notice
 * with what was sent, as the server's own refusal carries it, so the page and what was typed stay
 * instead of the error screen, and a form drawn again shows the same words.
 *
 * A refused answer keeps a 4xx/5xx status: React Router then leaves the page's data as it is
 * instead of reloading it, which during an outage would fail and replace the page (a route that
 * decides its own reloading says so through `unlessRefused`, revalidation.ts).
 */
export async function keepFormOnFailure<A>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<A> },
  failure: Notice,
) {
  // Read before sending: the post's body is the request's own and is spent by the sending.
  const sent = request
    .clone()
    .formData()
    .then(typedValues, () => undefined);
  let answer: A;
  try {
    answer = await serverAction();
  } catch (error) {
    // A redirect is an answer, not a failure.
    if (error instanceof Response) throw error;
    const noAnswer: Refusal = { ok: false, fieldErrors: {}, formError: failure, values: await sent };
    return data(noAnswer, { status: 503 });
  }
  if (isRefusal(answer)) return data(answer, { status: 400 });
  return answer;
}

const isRefusal = (answer: unknown): answer is Refusal =>
  typeof answer === "object" && answer !== null && (answer as { ok?: unknown }).ok === false;
