import { Link } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/thank-you-sacred-offering";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Thank You for Your Sacred Offering",
    description: "Your offering sustains preparation, integration and care for seekers in our congregation.",
    path: "/thank-you-sacred-offering",
    image: "thank-you",
    noindex: true,
  });

export default function ThankYouSacredOffering() {
  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      <PageHero eyebrow="Sacred Offering Received" title="Thank you for your generous contribution!">
        Your offering helps us hold safe, reverent space: preparation and integration care, support for seekers with
        fewer means, and the work of protecting our practice.
      </PageHero>
      <div className="card text-center">
        <p className="text-mist-muted">
          A receipt is on its way to your inbox. If you have any question about your gift, please{" "}
          <Link to="/contact" className="text-violet-300 underline underline-offset-4">
            contact us
          </Link>
          .
        </p>
        <Link to="/" className="btn-gold mt-8">
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}
