import { data, Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { succeeded } from "~/lib/form-action.server";
import { confirmSubscription } from "~/modules/messages/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription" },
  { name: "robots", content: "noindex" },
];

/** Where a confirmation without JavaScript lands: the link is used up, so a reload must not post it again. */
const CONFIRMED_PAGE = "/newsletter?confirmed=1";

// Confirming is a POST behind a button: mail scanners open links (GET) and must not subscribe anyone.
export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = await confirmSubscription(context.db, params.token, context.env.SITE_URL);
  if (outcome === "confirmed") return succeeded(request, { redirectTo: CONFIRMED_PAGE, data: { outcome } });
  return data({ outcome }, { status: 410 });
}

export default function NewsletterConfirm({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      {actionData && "ok" in actionData ? (
        <PageHero eyebrow="Confirmed" title="Welcome to our sacred circle">
          You'll receive updates about ceremonies and teachings. Every letter carries a one-click unsubscribe link.
        </PageHero>
      ) : actionData && "outcome" in actionData ? (
        <PageHero eyebrow="Link expired" title="This link no longer works">
          It may have been used already or be more than seven days old. You can sign up again from the home page.
        </PageHero>
      ) : (
        <>
          <PageHero eyebrow="One last step" title="Confirm your subscription">
            Press the button to start receiving updates about ceremonies and teachings.
          </PageHero>
          <Form method="post" className="text-center">
            <button type="submit" className="btn-gold" disabled={submitting}>
              {submitting ? "Confirming..." : "Confirm my subscription"}
            </button>
          </Form>
        </>
      )}
      <p className="mt-10 text-center">
        <Link to="/" className="btn-ghost">
          Return to Homepage
        </Link>
      </p>
    </div>
  );
}
