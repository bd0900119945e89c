import { Link } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { privateMeta } from "~/lib/private-meta";
import type { Route } from "./+types/donation-success";

export const meta: Route.MetaFunction = () => privateMeta("Thank You for Your Donation");

const nextSteps = [
  { title: "Check your email", text: "Your receipt is on its way, with the amount, date and receipt number." },
  { title: "Review within 48 hours", text: "A Temple Keeper reads your application and writes to you." },
  { title: "Prepare", text: "Begin a few minutes of daily stillness; a Preparation Session is open to you." },
  {
    title: "Wait with us",
    text: "Ceremonies are paused; approved seekers are invited to choose a date when they resume.",
  },
];

export default function DonationSuccess() {
  return (
    <div className="mx-auto max-w-3xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Donation received" title="Thank you for your generous contribution!">
        Your ceremony donation has been received and linked to your application.
      </PageHero>
      <ol className="grid gap-4 sm:grid-cols-2">
        {nextSteps.map((step, i) => (
          <li key={step.title} className="card">
            <p className="font-serif text-3xl text-gold" aria-hidden="true">
              {i + 1}
            </p>
            <h2 className="mt-2 font-serif text-xl font-semibold">{step.title}</h2>
            <p className="mt-2 text-mist-muted">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex justify-center">
        <Link to="/" className="btn-gold">
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}
