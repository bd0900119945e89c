import { ArrowLeft, Clock } from "lucide-react";
import { data, Link } from "react-router";
import { AudioPlayer } from "~/components/content/audio-player";
import { PageHero } from "~/components/content/page-hero";
import { Blocks } from "~/components/content/rich-text";
import { artPath } from "~/lib/art-paths";
import { formatDay } from "~/lib/dates";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { site } from "~/lib/site";
import {
  articleInstant,
  articleModified,
  categoryLabel,
  findArticle,
  readTimeLabel,
  teaser,
} from "~/modules/content/articles";
import type { Route } from "./+types/article";

export const headers = publicPageHeaders;

export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.slug);
  if (!article) throw data(null, { status: 404 });
  const related = article.related
    .map(findArticle)
    .filter((a) => a !== undefined)
    .map(teaser);
  return { article, related };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) return [{ title: "Article not found" }];
  const { article } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return seo(siteUrl, {
    title: article.title,
    description: article.description,
    keywords: article.keywords,
    path: `/magic/${article.slug}`,
    image: article.slug,
    imageAlt: article.imageAlt,
    type: "article",
    structuredData: [
      {
        "@type": "Article",
        headline: article.title,
        description: article.description,
        datePublished: articleInstant(article.date),
        dateModified: articleInstant(articleModified(article)),
        image: `${siteUrl}/og/${article.slug}.png`,
        keywords: article.keywords.join(", "),
        articleSection: categoryLabel(article.category),
        author: { "@type": "Organization", name: site.name },
        publisher: {
          "@type": "Organization",
          name: site.name,
          logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
        },
        mainEntityOfPage: `${siteUrl}/magic/${article.slug}`,
      },
      breadcrumbs(siteUrl, [
        { name: "The Magic", path: "/magic" },
        { name: article.title, path: `/magic/${article.slug}` },
      ]),
    ],
  });
};

/** The trail to an article for search results: Home, The Magic, the article (kept here: only articles have one). */
function breadcrumbs(siteUrl: string, steps: ReadonlyArray<{ name: string; path: string }>) {
  return {
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...steps].map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: `${siteUrl}${step.path}`,
    })),
  };
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related } = loaderData;
  const isAgeingStudy = article.slug === "psilocybin-aging-study";
  return (
    <article className="pb-8">
      <div className="mx-auto max-w-3xl px-4 pt-8 sm:px-6">
        <Link to="/magic" className="inline-flex items-center gap-2 text-sm text-violet-300 hover:text-gold">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to The Magic
        </Link>
      </div>
      <PageHero eyebrow={categoryLabel(article.category)} title={article.title}>
        <p className="flex items-center justify-center gap-3 text-base">
          <time dateTime={article.date}>{formatDay(article.date)}</time>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden="true" /> {readTimeLabel(article)}
          </span>
        </p>
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <img
          src={artPath(article.slug)}
          alt={article.imageAlt}
          width="1200"
          height="630"
          fetchPriority="high"
          className="w-full rounded-2xl border border-violet-300/15"
        />
      </div>
      <div className="prose-sacred mx-auto mt-12 max-w-3xl px-4 sm:px-6">
        {article.audio ? (
          <AudioPlayer
            src={article.audio.src}
            title={article.audio.title}
            captions={article.audio.src.replace(/\.ogg$/, ".en.vtt")}
          />
        ) : null}
        <div className="text-2xl leading-relaxed">
          <Blocks blocks={article.lede} />
        </div>
        {article.sections.map((section) =>
          isAgeingStudy ? (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-h`}
              className="card mt-10 text-xl"
            >
              <h2 id={`${section.id}-h`} className="font-serif text-3xl font-semibold text-mist">
                {section.heading}
              </h2>
              <div className="mt-4">
                <Blocks blocks={section.blocks} />
              </div>
            </section>
          ) : (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-h`} className="mt-12">
              <h2 id={`${section.id}-h`} className="font-serif text-3xl font-semibold text-mist">
                {section.heading}
              </h2>
              <div className="mt-4">
                <Blocks blocks={section.blocks} />
              </div>
            </section>
          ),
        )}

        <section
          aria-labelledby="references-h"
          className="mt-16 border-t border-violet-300/15 pt-8 font-sans text-base"
        >
          <h2 id="references-h" className="font-serif text-2xl font-semibold">
            References
          </h2>
          <ol className="mt-4 list-decimal space-y-3 pl-6 text-mist-muted">
            {article.references.map((ref) => (
              <li key={`${ref.authors}-${ref.year}-${ref.title}`}>
                {ref.authors} ({ref.year}). <cite className="text-mist">{ref.title}</cite>. {ref.source}.
                {ref.url ? (
                  <>
                    {" "}
                    <a
                      href={ref.url}
                      rel="noopener noreferrer"
                      className="break-all text-violet-300 underline underline-offset-4"
                    >
                      {ref.url}
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      </div>

      <aside aria-labelledby="related-h" className="mx-auto mt-16 max-w-3xl px-4 sm:px-6">
        <h2 id="related-h" className="font-serif text-2xl font-semibold">
          {isAgeingStudy ? "Continue Your Journey" : "Related Reflections"}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {related.map((r) => (
            <li key={r.slug}>
              <Link to={`/magic/${r.slug}`} className="card block h-full hover:border-violet-300/40">
                <span className="font-serif text-xl font-semibold">{r.title}</span>
                <span className="mt-2 block text-sm text-mist-muted">{readTimeLabel(r)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </aside>

      <section className="mx-auto mt-16 max-w-3xl px-4 text-center sm:px-6">
        <div className="card">
          <h2 className="font-serif text-3xl font-semibold">
            {isAgeingStudy ? "Walk the path with care" : "Ready to explore with guidance?"}
          </h2>
          <p className="mt-3 text-mist-muted">
            Preparation, mentorship and integration support are offered by our Temple Keepers, with screening and care
            at every step.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {isAgeingStudy ? (
              <Link to="/start-your-journey" className="btn-gold">
                Start Your Journey
              </Link>
            ) : null}
            <Link to="/services" className={isAgeingStudy ? "btn-ghost" : "btn-gold"}>
              Explore The Sacred Access
            </Link>
          </div>
        </div>
      </section>
    </article>
  );
}
