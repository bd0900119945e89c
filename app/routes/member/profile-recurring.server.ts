import { invalid, parse, refused, type Submission, succeeded, unknownForm } from "~/forms/action.server";
import { donePage } from "~/forms/outcome";
import type { LoggedHandles } from "~/handles";
import type { Viewer } from "~/modules/accounts/session.server";
import { readWholeDollars } from "~/modules/giving/amount";
import { ownRecurring } from "~/modules/giving/recurring.server";
import { type ChangeOutcome, changeRecurring, type RecurringChange } from "~/modules/giving/recurring-changes.server";
import { RECURRING_MESSAGES } from "~/modules/giving/recurring-messages";
import { recurringAmountSchema } from "~/modules/giving/validation";

const SAVED = {
  "recurring-amount": "recurring-amount",
  "recurring-pause": "recurring-paused",
  "recurring-resume": "recurring-resumed",
  "recurring-cancel": "recurring-cancelled",
} as const;

/**
 * /profile's recurring offering forms (issue 34): change the amount, pause, resume, cancel. The
 * offering must be the member's own, checked before anything posted is read (another's is a 404,
 * as one that does not exist); each change is made at the provider and confirmed by email.
 */
export async function recurringAction(
  request: Request,
  context: LoggedHandles,
  viewer: Viewer,
  submission: Submission,
) {
  const intent = submission.fields.intent ?? "";
  const id = submission.fields.recurring ?? "";
  if (!(await ownRecurring(context.db, viewer.id, id))) return refused(submission, RECURRING_MESSAGES.notYours, 404);
  let change: RecurringChange;
  switch (intent) {
    case "recurring-amount": {
      const parsed = parse(submission, recurringAmountSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      const read = readWholeDollars(parsed.data.amount);
      change = { kind: "amount", dollars: read.ok && read.dollars ? read.dollars : 0, coverFee: parsed.data.coverFee };
      break;
    }
    case "recurring-pause":
      change = { kind: "pause" };
      break;
    case "recurring-resume":
      change = { kind: "resume" };
      break;
    case "recurring-cancel":
      change = { kind: "cancel" };
      break;
    default:
      return unknownForm(submission);
  }
  const outcome: ChangeOutcome = await changeRecurring(context, viewer.id, id, change, submission.key);
  if (outcome === "missing") return refused(submission, RECURRING_MESSAGES.notYours, 404);
  if (outcome === "not-now") return refused(submission, RECURRING_MESSAGES.notNow, 409);
  if (outcome === "provider-failed") return refused(submission, RECURRING_MESSAGES.providerFailed, 502);
  const redirectTo = donePage("/profile", SAVED[intent as keyof typeof SAVED], undefined, "recurring");
  return succeeded(request, { redirectTo, data: { intent, redirectTo } });
}
