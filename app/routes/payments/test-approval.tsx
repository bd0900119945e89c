import { FlaskConical } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { appContext } from "~/context";
import { handleForm, readSubmission, refused } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import type { AppContext } from "~/handles";
import { privateMeta } from "~/lib/private-meta";
import { formatCents } from "~/modules/giving/amounts";
import { decideTestOrder, getTestOrder } from "~/modules/payments/test-provider.server";
import type { Route } from "./+types/test-approval";

export const meta: Route.MetaFunction = () => privateMeta("Test payment");
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** Stands where PayPal's approval page would: only with the test provider, never in production. */
async function orderFor(handles: AppContext, id: string) {
  if (handles.env.PAYMENT_PROVIDER !== "test") throw data(null, { status: 404 });
  const order = await getTestOrder(handles.db, id);
  if (!order) throw data(null, { status: 404 });
  return order;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const order = await orderFor(handles, params.orderId);
  return { amount: formatCents(order.amountCents), description: order.description, status: order.status };
}

const NOT_RECORDED = { title: "Not recorded", description: "The test decision was not recorded. Please try again." };
const DECISIONS = { approve: "approved", decline: "declined" } as const;

/**
 * The payer's decision, then back to our return page (or the cancel page). A decision on an order
 * already decided changes nothing, so a resent form needs no key of its own.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const order = await orderFor(handles, params.orderId);
  const submission = await readSubmission(request);
  return handleForm(submission, NOT_RECORDED, handles.logger, async () => {
    const decision = submission.fields.decision ?? "";
    if (decision === "cancel") return redirect(order.cancelUrl, 303);
    if (decision !== "approve" && decision !== "decline") {
      return refused(submission, { title: "Not recorded", description: "Choose approve, decline or cancel." }, 400);
    }
    await decideTestOrder(handles.db, order.id, DECISIONS[decision]);
    return redirect(order.returnUrl, 303);
  });
}

/** A dropped connection keeps the page with its notice. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NOT_RECORDED);

export default function TestApproval({ loaderData, actionData }: Route.ComponentProps) {
  const { amount, description, status } = loaderData;
  const result = actionData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-xl px-4 sm:px-6">
      <PageHero eyebrow="Test mode" title="Test payment">
        This page stands in for the payment provider. No money moves.
      </PageHero>
      <div className="card grid gap-5">
        <p className="flex items-center gap-2 rounded-lg border border-sky-300/50 bg-sky-500/10 p-3 text-sky-100">
          <FlaskConical aria-hidden="true" className="h-5 w-5" /> Test mode: simulated payment
        </p>
        <p>
          {description}
          <span className="mt-1 block text-3xl font-semibold text-gold">{amount}</span>
        </p>
        <FormAlert message={result && !result.ok ? (result.formError?.description ?? null) : null} />
        {status === "created" ? (
          <Form method="post" className="flex flex-wrap gap-3" aria-busy={busy}>
            <button type="submit" name="decision" value="approve" className="btn-gold">
              Approve test payment
            </button>
            <button type="submit" name="decision" value="decline" className="btn-ghost">
              Decline
            </button>
            <button type="submit" name="decision" value="cancel" className="btn-ghost">
              Cancel and return
            </button>
          </Form>
        ) : (
          <p className="text-mist-muted">This test payment has already been {status}.</p>
        )}
      </div>
    </div>
  );
}
