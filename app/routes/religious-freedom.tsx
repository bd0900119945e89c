import { Link } from "react-router";
import { Blocks } from "~/components/content/rich-text";
import { SacredCanvas } from "~/components/content/sacred-canvas";
import { religiousFreedom } from "~/content/religious-freedom";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/religious-freedom";

export const headers = publicPageHeaders;

const description =
  "Why religious freedom protects sincere sacred practice: the First Amendment, RFRA, the UDV precedent, and our commitments.";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return seo(siteUrl, {
    title: "Religious Freedom & Spiritual Rights",
    description,
    keywords: ["religious freedom", "First Amendment", "RFRA", "free exercise", "sacred practice"],
    path: "/religious-freedom",
    image: "religious-freedom",
    structuredData: {
      "@type": "WebPage",
      name: "Religious Freedom & Spiritual Rights",
      description,
      url: `${siteUrl}/religious-freedom`,
    },
  });
};

export default function ReligiousFreedom() {
  const [first, ...rest] = religiousFreedom.sections;
  return (
    <>
      <section aria-labelledby="rf-hero" className="relative isolate overflow-hidden">
        <SacredCanvas className="absolute inset-0 -z-10 h-full w-full" />
        <div className="mx-auto max-w-4xl px-4 pt-28 pb-32 text-center sm:px-6">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">Our sacred right</p>
          <h1 id="rf-hero" className="mt-4 font-serif text-5xl leading-tight font-semibold drop-shadow-lg sm:text-7xl">
            Religious Freedom &amp; Spiritual Rights
          </h1>
          <div className="mx-auto mt-6 max-w-2xl rounded-2xl bg-night-950/70 p-4 text-lg text-mist">
            <Blocks blocks={religiousFreedom.intro} />
          </div>
        </div>
      </section>

      {[first, ...rest]
        .filter((s) => s !== undefined)
        .map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-h`}
            className="mx-auto mt-16 max-w-3xl px-4 sm:px-6"
          >
            <h2 id={`${section.id}-h`} className="font-serif text-4xl font-semibold">
              {section.heading}
            </h2>
            <div className="prose-sacred mt-5 text-mist-muted">
              <Blocks blocks={section.blocks} />
            </div>
            {index === 1 ? (
              <ul className="mt-8 grid gap-4 sm:grid-cols-2">
                {religiousFreedom.legalPoints.map((point) => (
                  <li key={point.id} className="card">
                    <h3 className="font-serif text-2xl font-semibold text-violet-200">{point.title}</h3>
                    <p className="mt-2 text-mist-muted">{point.text}</p>
                    <p className="mt-3 text-sm text-gold">{point.citation}</p>
                  </li>
                ))}
              </ul>
            ) : null}
            {index === 2 ? (
              <ul className="mt-8 grid gap-4 sm:grid-cols-2">
                {religiousFreedom.commitments.map((c) => (
                  <li key={c.id} className="card">
                    <h3 className="font-serif text-2xl font-semibold text-violet-200">{c.title}</h3>
                    <p className="mt-2 text-mist-muted">{c.text}</p>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}

      <section aria-label="Continue" className="mx-auto mt-16 max-w-3xl px-4 text-center sm:px-6">
        <div className="flex flex-wrap justify-center gap-4">
          <Link to="/the-invitation" className="btn-gold">
            Explore The Calling
          </Link>
          <Link to="/magic" className="btn-ghost">
            Read The Magic
          </Link>
          <Link to="/contact" className="btn-ghost">
            Contact Us
          </Link>
        </div>
        <p className="mt-12 font-serif text-2xl tracking-[0.3em] text-gold">Sacred • Protected • Free</p>
      </section>
    </>
  );
}
