import { ArrowRight, HeartHandshake, Pause, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { GuideChat } from "~/components/chat/guide-chat";
import { ArticleCard } from "~/components/content/article-card";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { publicPageHeaders } from "~/lib/http";
import { organizationData, seo, siteUrlFrom } from "~/lib/seo";
import { site } from "~/lib/site";
import { allArticles, teaser } from "~/modules/content/articles";
import type { Route } from "./+types/home";

export const headers = publicPageHeaders;

export function loader() {
  return { teasers: allArticles().slice(0, 3).map(teaser) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return seo(siteUrl, {
    title: `${site.name}: Sacred Ceremony, Preparation and Integration`,
    description:
      "A non-profit congregation offering reverent guidance: preparation, mentorship and integration support for the sacred journey.",
    keywords: ["congregation", "sacred ceremony", "psilocybin", "spiritual integration", "preparation"],
    path: "/",
    image: "home",
    structuredData: organizationData(siteUrl),
  });
};

const stats = [
  { value: "87%", label: "report lasting positive life changes" },
  { value: "92%", label: "describe significant spiritual insights" },
  { value: "95%", label: "feel safe and supported" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section aria-labelledby="hero-h" className="relative overflow-hidden">
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-24 pb-20 text-center sm:px-6 sm:pt-32">
          <p className="text-sm font-semibold tracking-[0.25em] text-gold uppercase">{site.name}</p>
          <h1 id="hero-h" className="mt-5 font-serif text-5xl leading-tight font-semibold sm:text-7xl">
            Return to the sacred, <span className="text-violet-300">together</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-mist-muted sm:text-xl">
            We are a small non-profit congregation offering reverent, guided ceremony with careful preparation and
            lasting integration support, held by trusted Temple Keepers.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <Link to="/magic" className="btn-gold">
              Explore The Magic <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
            <Link to="/the-invitation" className="btn-ghost">
              Hear The Calling
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="calling-h" className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="card grid gap-6 md:grid-cols-[1fr_auto] md:items-center">
          <div>
            <h2 id="calling-h" className="font-serif text-3xl font-semibold">
              The Calling
            </h2>
            <p className="mt-3 text-mist-muted">
              Some of us feel drawn to ask the oldest questions again: who we are, what heals us, how to live with open
              hearts. Our congregation gathers those who feel that pull, to seek with reverence, safety and community.
              Membership is free, and there is no test.
            </p>
          </div>
          <Link to="/the-invitation" className="btn-ghost">
            Read the invitation
          </Link>
        </div>
      </section>

      <section aria-labelledby="paused-h" className="mx-auto mt-10 max-w-5xl px-4 sm:px-6">
        <div className="flex gap-4 rounded-2xl border border-gold/40 bg-gold/10 p-6">
          <Pause className="mt-1 h-6 w-6 shrink-0 text-gold" aria-hidden="true" />
          <div>
            <h2 id="paused-h" className="font-semibold text-gold">
              Ceremonies are currently paused
            </h2>
            <p className="mt-2 text-mist">
              Our in-person ceremonies are paused while we complete our spiritual and legal preparations, including a
              religious-freedom exemption. Preparation and integration support continue. Stay in touch below and we will
              write when this changes.{" "}
              <Link to="/religious-freedom" className="text-violet-300 underline underline-offset-4">
                Why religious freedom matters
              </Link>
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="articles-h" className="mx-auto mt-24 max-w-6xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="articles-h" className="font-serif text-4xl font-semibold">
            From The Magic
          </h2>
          <Link to="/magic" className="text-violet-300 underline-offset-4 hover:underline">
            All articles
          </Link>
        </div>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.teasers.map((a) => (
            <ArticleCard key={a.slug} article={a} />
          ))}
        </div>
      </section>

      <section aria-labelledby="science-h" className="mx-auto mt-24 max-w-6xl px-4 sm:px-6">
        <div className="text-center">
          <Sparkles className="mx-auto h-8 w-8 text-gold" aria-hidden="true" />
          <h2 id="science-h" className="mt-3 font-serif text-4xl font-semibold">
            Where science meets the sacred
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-mist-muted">
            A new generation of careful research is exploring what ancient traditions have long held: that guided,
            well-prepared experiences can carry deep personal and spiritual meaning. Among the people who have walked
            with our community:
          </p>
        </div>
        <dl className="mt-10 grid gap-6 sm:grid-cols-3">
          {stats.map((s) => (
            <div key={s.value} className="card text-center">
              <dt className="text-mist-muted">{s.label}</dt>
              <dd className="order-first font-serif text-6xl font-semibold text-gold">{s.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-center text-sm text-mist-muted">
          Figures from our own community's participant reflections, not a clinical study. For published research, read{" "}
          <Link to="/magic/psilocybin-aging-study" className="text-violet-300 underline underline-offset-4">
            the ageing study
          </Link>{" "}
          and{" "}
          <Link
            to="/magic/exploring-profound-spiritual-experiences"
            className="text-violet-300 underline underline-offset-4"
          >
            research on profound experiences
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="newsletter-h" className="mx-auto mt-24 max-w-3xl px-4 sm:px-6">
        <div className="card text-center">
          <h2 id="newsletter-h" className="font-serif text-3xl font-semibold">
            Stay in the circle
          </h2>
          <p className="mt-3 text-mist-muted">
            Updates about ceremonies and teachings, a few letters a season. We ask you to confirm by email, and every
            letter has a one-click unsubscribe.
          </p>
          <div className="mt-6 text-left">
            <NewsletterForm />
          </div>
        </div>
      </section>

      <section aria-labelledby="support-h" className="mx-auto mt-24 max-w-5xl px-4 sm:px-6">
        <div className="card flex flex-col items-center gap-4 text-center">
          <HeartHandshake className="h-10 w-10 text-gold" aria-hidden="true" />
          <h2 id="support-h" className="font-serif text-3xl font-semibold">
            Support the congregation
          </h2>
          <p className="max-w-2xl text-mist-muted">
            We are a non-profit sustained by the generosity of our community. Your offering supports preparation and
            integration care, scholarships for seekers with fewer means, and the legal work to protect our sacred
            practice.
          </p>
          <div className="flex flex-wrap justify-center gap-4">
            <Link to="/donation" className="btn-gold">
              Make an Offering
            </Link>
            <Link to="/contact" className="btn-ghost">
              Write to us about giving
            </Link>
          </div>
        </div>
      </section>
      <GuideChat />
    </>
  );
}
