import { Link } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { CEREMONIES_PAUSED } from "~/content/journey";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/donation-checkout";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Your Ceremony Donation",
    description: "What happens after you apply for the Divine Journey, and how the ceremony donation works.",
    path: "/donation-checkout",
    image: "thank-you",
  });

/**
 * Where the application leads. The ceremony donation itself (payment) arrives with the
 * booking-and-giving work; until then this page says plainly what happens next.
 */
export default function DonationCheckout() {
  return (
    <div className="mx-auto max-w-3xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your next step" title="Your Ceremony Donation">
        Thank you for applying. Here is what happens now, and how the ceremony donation works.
      </PageHero>
      <div className="grid gap-6">
        <section className="card">
          <h2 className="font-serif text-2xl font-semibold">Nothing is charged today</h2>
          <p className="mt-3 text-mist-muted">{CEREMONIES_PAUSED}</p>
        </section>
        <section className="card">
          <h2 className="font-serif text-2xl font-semibold">What happens next</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-mist-muted">
            <li>A Temple Keeper reads your application within 48 hours and may write with questions.</li>
            <li>We email you the decision: approved, on the waitlist while ceremonies are paused, or not this time.</li>
            <li>
              When ceremonies resume, approved seekers choose a date and give the ceremony donation: a sliding scale
              from $6,800, with a minimum of $5,500. If that is beyond your means, write to us after applying.
            </li>
          </ol>
        </section>
        <section className="card">
          <h2 className="font-serif text-2xl font-semibold">While you wait</h2>
          <p className="mt-3 text-mist-muted">
            A Preparation Session is open to everyone, and our articles and FAQ answer many first questions.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/start-your-journey#offer-preparation" className="btn-gold">
              Book a Preparation Session
            </Link>
            <Link to="/faq" className="btn-ghost">
              Read the FAQ
            </Link>
            <Link to="/contact" className="btn-ghost">
              Write to us
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
