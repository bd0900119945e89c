import { Link, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { privateMeta } from "~/lib/private-meta";
import type { Route } from "./+types/confirmed";

export const meta: Route.MetaFunction = () => privateMeta("Session Confirmed");

/**
 * Where a booking lands: paid at the provider, or sent from the booking page without JavaScript
 * (`?kind=requested` for a mentorship request). The address names no booking.
 */
export default function BookingConfirmed() {
  const [params] = useSearchParams();
  const requested = params.get("kind") === "requested";
  return (
    <div className="mx-auto max-w-2xl px-4 pb-8 sm:px-6">
      {requested ? (
        <PageHero eyebrow="Request received" title="Request received">
          A Temple Keeper will review your request, usually within 48 hours. Nothing is charged unless it is approved;
          we will write to you by email.
        </PageHero>
      ) : (
        <PageHero eyebrow="Booking confirmed" title="Your session is booked">
          Thank you. A confirmation with a calendar file and a link to cancel or reschedule is on its way to your email.
          Your facilitator will contact you 24 hours before the session.
        </PageHero>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/preparation-guide" className="btn-gold">
          Begin preparing
        </Link>
        <Link to="/" className="btn-ghost">
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}
