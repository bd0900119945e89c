import { PageHero } from "~/components/content/page-hero";
import { Blocks } from "~/components/content/rich-text";
import { legalUpdated, privacySections, termsSections } from "~/content/legal";
import type { Section } from "~/content/types";
import { formatDay } from "~/lib/dates";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/terms-and-privacy";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Terms of Use and Privacy Policy",
    description: "Our terms of participation and how we protect and use your information.",
    keywords: ["terms of use", "privacy policy", "eligibility", "donations", "data protection"],
    path: "/terms-and-privacy",
    image: "terms-and-privacy",
    structuredData: { "@type": "WebPage", name: "Terms of Use and Privacy Policy" },
  });

function LegalPart({ id, title, sections }: { id: string; title: string; sections: ReadonlyArray<Section> }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="font-serif text-4xl font-semibold">
        {title}
      </h2>
      <ol className="mt-6 space-y-8">
        {sections.map((s, i) => (
          <li key={s.id} id={s.id}>
            <h3 className="font-serif text-2xl font-semibold text-violet-200">
              {i + 1}. {s.heading}
            </h3>
            <div className="mt-3 text-mist-muted">
              <Blocks blocks={s.blocks} headingLevel={4} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function TermsAndPrivacy() {
  return (
    <div className="mx-auto max-w-3xl px-4 sm:px-6">
      <PageHero eyebrow="Terms and Privacy" title="Our Promises to Each Other">
        Last updated <time dateTime={legalUpdated}>{formatDay(legalUpdated)}</time>.
      </PageHero>
      <nav aria-label="On this page" className="card">
        <ul className="flex flex-wrap gap-4">
          <li>
            <a href="#terms" className="text-violet-300 underline underline-offset-4">
              Terms of Use
            </a>
          </li>
          <li>
            <a href="#privacy" className="text-violet-300 underline underline-offset-4">
              Privacy Policy
            </a>
          </li>
        </ul>
      </nav>
      <LegalPart id="terms" title="Terms of Use" sections={termsSections} />
      <LegalPart id="privacy" title="Privacy Policy" sections={privacySections} />
    </div>
  );
}
