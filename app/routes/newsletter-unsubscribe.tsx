import { data, Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { unsubscribe } from "~/modules/messages/newsletter.server";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];

/** Serves the page's button and RFC 8058 one-click POSTs from mail providers alike. */
export async function action({ params, context }: Route.ActionArgs) {
  const found = await unsubscribe(context.db, params.token);
  return data({ done: found }, { status: found ? 200 : 410 });
}

export default function NewsletterUnsubscribe({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      {actionData?.done ? (
        <PageHero eyebrow="Unsubscribed" title="You will receive no more letters">
          Thank you for the time you spent with us. You can sign up again from the home page whenever you wish.
        </PageHero>
      ) : actionData ? (
        <PageHero eyebrow="Unknown link" title="We could not find this subscription">
          The link may be incomplete. If letters keep arriving, please write to us from the contact page.
        </PageHero>
      ) : (
        <>
          <PageHero eyebrow="Newsletter" title="Unsubscribe from our letters">
            Press the button and we will stop writing to this address.
          </PageHero>
          <Form method="post" className="text-center">
            <button type="submit" className="btn-gold" disabled={submitting}>
              {submitting ? "Unsubscribing..." : "Unsubscribe"}
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
