import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { ArticleCard } from "~/components/content/article-card";
import { PageHero } from "~/components/content/page-hero";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { categories, featuredArticles, isCategoryFilter, searchArticles, teaser } from "~/modules/content/articles";
import type { Route } from "./+types/magic";

export const headers = publicPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const rawCategory = url.searchParams.get("category");
  const category = isCategoryFilter(rawCategory) ? rawCategory : "all";
  return {
    q,
    category,
    results: searchArticles(q, category).map(teaser),
    featured: featuredArticles().map(teaser),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "The Magic: Articles on Sacred Practice",
    description:
      "Reflections, research and tradition: articles on profound spiritual experience, ceremony, preparation and integration.",
    keywords: ["psilocybin research", "spiritual practice", "ceremony", "integration", "mystical experience"],
    path: "/magic",
    image: "magic",
    structuredData: { "@type": "CollectionPage", name: "The Magic" },
  });

export default function Magic({ loaderData }: Route.ComponentProps) {
  const { q, category, results, featured } = loaderData;
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The controls are uncontrolled (they work without JavaScript), so after any navigation (a nav
  // link back to bare /magic, Back) they are set from the URL the loader read. The search box is
  // left alone while focused, so an answer arriving mid-typing never eats what was typed since.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key: every navigation, even to the same filter
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const search = el.elements.namedItem("q");
    if (search instanceof HTMLInputElement && document.activeElement !== search) search.value = q;
    for (const radio of el.querySelectorAll<HTMLInputElement>('input[name="category"]'))
      radio.checked = radio.value === category;
  }, [q, category, key]);
  const filtering = q !== "" || category !== "all";

  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <PageHero eyebrow="The Magic" title="Wisdom for the Sacred Journey">
        Research, tradition and lived reflection, gathered with care for seekers and members alike.
      </PageHero>

      {!filtering ? (
        <section aria-labelledby="featured-heading" className="mb-16">
          <h2 id="featured-heading" className="font-serif text-3xl font-semibold">
            Featured
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {featured.map((a, i) => (
              <ArticleCard key={a.slug} article={a} first={i === 0} />
            ))}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="library-heading">
        <h2 id="library-heading" className="font-serif text-3xl font-semibold">
          The Library
        </h2>
        <Form
          ref={form}
          method="get"
          role="search"
          className="mt-6 flex flex-col gap-4"
          onChange={(event) => {
            const target = event.target as unknown as HTMLInputElement;
            clearTimeout(timer.current);
            const go = () => submit(form.current, { replace: true, preventScrollReset: true });
            if (target.name === "q") timer.current = setTimeout(go, 250);
            else go();
          }}
        >
          <div className="relative">
            <label htmlFor="q" className="sr-only">
              Search articles
            </label>
            <Search
              className="pointer-events-none absolute top-3.5 left-4 h-5 w-5 text-mist-muted"
              aria-hidden="true"
            />
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={q}
              placeholder="Search articles..."
              className="field pl-12"
            />
          </div>
          <fieldset>
            <legend className="sr-only">Category</legend>
            <div className="flex flex-wrap gap-2">
              {categories.map((c) => (
                <label
                  key={c.id}
                  className="cursor-pointer rounded-full border border-violet-300/30 px-4 py-2 text-sm has-[:checked]:border-gold has-[:checked]:bg-gold has-[:checked]:text-night-950 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold"
                >
                  <input
                    type="radio"
                    name="category"
                    value={c.id}
                    defaultChecked={c.id === category}
                    className="sr-only"
                  />
                  {c.label}
                </label>
              ))}
            </div>
          </fieldset>
          <noscript>
            <button type="submit" className="btn-ghost self-start">
              Search
            </button>
          </noscript>
        </Form>

        <p className="sr-only" aria-live="polite">
          {results.length} {results.length === 1 ? "article" : "articles"} found
        </p>
        {results.length === 0 ? (
          <p className="mt-12 text-center text-lg text-mist-muted">No articles found</p>
        ) : (
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((a, i) => (
              <ArticleCard key={a.slug} article={a} first={filtering && i === 0} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
