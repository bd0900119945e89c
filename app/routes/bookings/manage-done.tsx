import { Link, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { privateMeta } from "~/lib/private-meta";
import type { Route } from "./+types/manage-done";

export const meta: Route.MetaFunction = () => privateMeta("Your Session");

/**
 * Where a change by the emailed link lands (redirect after post). It says what happened and
 * nothing about the booking: the address holds no token, so anyone may open it.
 */
const OUTCOMES = {
  cancelled: "Your session is cancelled.",
  refunded: "Your session is cancelled and your payment refunded.",
  moved: "Your session has moved. A new confirmation and link are on their way to your email.",
} as const;

export default function ManageDone() {
  const [params] = useSearchParams();
  const outcome = params.get("outcome");
  const text = outcome && outcome in OUTCOMES ? OUTCOMES[outcome as keyof typeof OUTCOMES] : null;
  return (
    <div className="mx-auto max-w-xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your session" title={text ? "Done" : "Your session"}>
        <span role="status">{text ?? "Open the link in your latest email to see or change your session."}</span>
      </PageHero>
      <div className="flex justify-center">
        <Link to="/" className="btn-gold">
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}
