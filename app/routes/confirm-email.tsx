import { data, Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { privateMeta } from "~/lib/seo";
import { confirmEmailChange, findEmailChange } from "~/modules/accounts/email-change.server";
import type { Route } from "./+types/confirm-email";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta: Route.MetaFunction = () => privateMeta("Confirm your email address");

export async function loader({ params, context }: Route.LoaderArgs) {
  const change = await findEmailChange(context.db, params.token);
  if (!change) return data({ change: null }, { status: 410 });
  return { change: { newEmail: change.newEmail, confirming: change.newEmail === change.currentEmail } };
}

// Confirming is a POST behind a button: mail scanners open links (GET) and must change nothing.
export async function action({ params, context }: Route.ActionArgs) {
  const outcome = await confirmEmailChange(context, params.token);
  return data({ outcome }, { status: outcome.kind === "changed" || outcome.kind === "confirmed" ? 200 : 410 });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const outcome = actionData?.outcome;
  return (
    <div className="mx-auto max-w-2xl px-4 pb-24 sm:px-6">
      {outcome?.kind === "changed" || outcome?.kind === "confirmed" ? (
        <PageHero eyebrow="Confirmed" title="Your address is confirmed">
          {outcome.kind === "changed"
            ? `From now on you sign in with ${outcome.email}, and we write to it. We told your previous address about the change.`
            : `${outcome.email} is confirmed as yours.`}
        </PageHero>
      ) : outcome?.kind === "in-use" ? (
        <PageHero eyebrow="Not changed" title="That address is taken">
          Another account now signs in with this address, so your account keeps its current one.
        </PageHero>
      ) : outcome?.kind === "expired" || !loaderData.change ? (
        <PageHero eyebrow="Link expired" title="This link no longer works">
          It may have been used or cancelled already, or be more than a day old. Nothing was changed. You can ask for a
          new link on your profile, under Sign-in and Security.
        </PageHero>
      ) : (
        <>
          <PageHero eyebrow="One last step" title="Confirm your email address">
            {loaderData.change.confirming
              ? "Press the button to confirm that this address is yours:"
              : "Press the button to sign in with this address from now on:"}{" "}
            <span className="break-all text-gold">{loaderData.change.newEmail}</span>
          </PageHero>
          <Form method="post" className="text-center">
            <button type="submit" className="btn-gold" disabled={submitting}>
              {submitting ? "Confirming..." : "Confirm This Address"}
            </button>
          </Form>
        </>
      )}
      <p className="mt-10 text-center">
        <Link to="/profile#security" className="btn-ghost">
          Go to My Profile
        </Link>
      </p>
    </div>
  );
}
