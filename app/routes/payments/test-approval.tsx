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
import { decideTestSubscription, getTestSubscription } from "~/modules/payments/test-subscriptions.server";
import type { Route } from "./+types/test-approval";

export const meta: Route.MetaFunction = () => privateMeta("Test payment");
export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * Stands where PayPal's approval page would: only with the test provider, never in production. It
 * approves an order (one payment) or a subscription (a recurring gift, its id TEST-SUB-…).
 */
async function approvalFor(handles: AppContext, id: string) {
  if (handles.env.PAYMENT_PROVIDER !== "test") throw data(null, { status: 404 });
  const subscription = id.startsWith("TEST-SUB-") ? await getTestSubscription(handles.db, id) : null;
  if (subscription)
    return { kind: "subscription" as const, ...subscription, waiting: subscription.status === "pending" };
  const order = await getTestOrder(handles.db, id);
  if (!order) throw data(null, { status: 404 });
  return { kind: "order" as const, ...order, waiting: order.status === "created" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const found = await approvalFor(handles, params.orderId);
  const every = found.kind === "subscription" ? ` every ${found.interval}` : "";
  return {
    kind: found.kind,
    amount: `${formatCents(found.amountCents)}${every}`,
    description: found.description,
    status: found.status,
    waiting: found.waiting,
  };
}

const NOT_RECORDED = { title: "Not recorded", description: "The test decision was not recorded. Please try again." };
const DECISIONS = { approve: "approved", decline: "declined" } as const;

/**
 * The payer's decision, then back to our return page (or the cancel page). A decision on an order
 * already decided changes nothing, so a resent form needs no key of its own.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const order = await approvalFor(handles, params.orderId);
  const submission = await readSubmission(request);
  return handleForm(submission, NOT_RECORDED, handles.logger, async () => {
    const decision = submission.fields.decision ?? "";
    if (order.kind === "subscription") {
      if (decision !== "approve" && decision !== "approve-failing" && decision !== "cancel") {
        return refused(submission, { title: "Not recorded", description: "Choose approve or cancel." }, 400);
      }
      await decideTestSubscription(handles.db, order.id, decision);
      // As PayPal does: back with the subscription's id in the address.
      const back = new URL(decision === "cancel" ? order.cancelUrl : order.returnUrl);
      back.searchParams.set("subscription_id", order.id);
      return redirect(back.href, 303);
    }
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
  const { kind, amount, description, status, waiting } = loaderData;
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
        {waiting && kind === "subscription" ? (
          <Form method="post" className="flex flex-wrap gap-3" aria-busy={busy}>
            <button type="submit" name="decision" value="approve" className="btn-gold">
              Approve test subscription
            </button>
            <button type="submit" name="decision" value="approve-failing" className="btn-ghost">
              Approve, with collections that fail
            </button>
            <button type="submit" name="decision" value="cancel" className="btn-ghost">
              Cancel and return
            </button>
          </Form>
        ) : waiting ? (
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
          <p className="text-mist-muted">{`This test ${kind === "order" ? "payment" : "subscription"} is ${status} already.`}</p>
        )}
      </div>
    </div>
  );
}
