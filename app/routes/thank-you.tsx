import { Link } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/thank-you";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Thank You",
    description: "Thank you for connecting with our congregation. Join our mailing list to stay in touch.",
    path: "/thank-you",
    image: "thank-you",
    noindex: true,
  });

export default function ThankYou() {
  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      <PageHero eyebrow="With gratitude" title="Thank You">
        Your words have reached us. While you wait for our reply, you are welcome to join our mailing list for news of
        ceremonies and teachings.
      </PageHero>
      <div className="card">
        <NewsletterForm id="thank-you-newsletter" />
      </div>
      <p className="mt-10 text-center">
        <Link to="/" className="btn-ghost">
          Return to Homepage
        </Link>
      </p>
    </div>
  );
}
