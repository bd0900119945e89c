import { handleForm, handOff, invalid, parse, readSubmission, refused, type Submission } from "~/forms/action.server";
import type { LoggedHandles } from "~/handles";
import { getViewer } from "~/modules/accounts/session.server";
import type { GiveOutcome, Giver, ReadForm } from "~/modules/giving/give.server";
import { GIVING_MESSAGES } from "~/modules/giving/messages";
import { PAYMENTS_OFF_MESSAGES } from "~/modules/payments/messages";

/*
 * The HTTP half of both giving pages' forms (/donation and /donation-checkout), beside their
 * routes: the post read and checked by the form's schema, the gift given by the giving module,
 * and its tagged outcome answered with a status and SPEC.md's payment notice.
 */

/** Both forms' answer: every refusal carries SPEC.md's payment notice and what was typed. */
function answerGift(submission: Submission, outcome: GiveOutcome) {
  switch (outcome.kind) {
    case "limited":
      return refused(submission, GIVING_MESSAGES.error, 429, {
        retryAfterSeconds: outcome.retryAfterSeconds,
        rateLimited: true,
      });
    case "invalid":
      return invalid(submission, outcome.fieldErrors);
    case "redirect":
      return handOff(outcome.url);
    case "failed":
      return refused(submission, GIVING_MESSAGES.error, outcome.status);
    case "off":
      return refused(submission, PAYMENTS_OFF_MESSAGES.giving, 409);
  }
}

type Schema<T> = Parameters<typeof parse<T>>[1];

/**
 * A giving page's form post, whole: who gives (when signed in), the gift, and its answer, with
 * SPEC.md's payment notice if anything fails on the way. Both giving pages' actions are this.
 */
export async function giftFormAction<T>(
  request: Request,
  handles: LoggedHandles,
  schema: Schema<T>,
  give: (handles: LoggedHandles, giver: Giver, form: ReadForm<T>) => Promise<GiveOutcome>,
) {
  const submission = await readSubmission(request);
  return handleForm(submission, GIVING_MESSAGES.error, handles.logger, async () => {
    const viewer = await getViewer(request, handles);
    const giver = { key: submission.key, payerId: viewer?.id ?? null };
    return answerGift(submission, await give(handles, giver, () => parse(submission, schema)));
  });
}
