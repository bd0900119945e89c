import { Clock } from "lucide-react";
import { Link } from "react-router";
import { artPath } from "~/lib/art-paths";
import { formatDay } from "~/lib/dates";
import { type ArticleTeaser, categoryLabel, readTimeLabel } from "~/modules/content/articles";

/** `first`: the page's first card, whose picture may be the largest thing on a phone's first screen. */
export function ArticleCard({
  article,
  headingLevel = 3,
  first = false,
}: {
  article: ArticleTeaser;
  headingLevel?: 2 | 3;
  first?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-violet-300/15 bg-night-800/70 shadow-xl shadow-black/20 transition hover:border-violet-300/40">
      <img
        src={artPath(article.slug)}
        alt=""
        width="1200"
        height="630"
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        className="aspect-[1200/630] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold tracking-widest text-gold uppercase">{categoryLabel(article.category)}</p>
        <Heading className="mt-2 font-serif text-2xl leading-snug font-semibold">
          <Link to={`/magic/${article.slug}`} className="after:absolute after:inset-0 hover:text-violet-200">
            {article.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-mist-muted">{article.description}</p>
        <p className="mt-4 flex items-center gap-3 text-sm text-mist-muted">
          <time dateTime={article.date}>{formatDay(article.date)}</time>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {readTimeLabel(article)}
          </span>
        </p>
      </div>
    </article>
  );
}
