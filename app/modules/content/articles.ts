import { articles } from "~/content/articles";
import type { Article, CategoryId } from "~/content/types";

/** The spec's article categories: "all" plus five categories, with their labels. */
export const categories = [
  { id: "all", label: "All Articles" },
  { id: "doses-science", label: "Sacred Spectrum" },
  { id: "trip-reports", label: "Journey Reflections" },
  { id: "microdosing-heroic", label: "The Spectrum of Sacred Doses" },
  { id: "set-setting", label: "Ceremonial Preparation" },
  { id: "history", label: "Traditions & History" },
] as const;

export type CategoryFilter = (typeof categories)[number]["id"];

export function categoryLabel(id: CategoryId): string {
  return categories.find((c) => c.id === id)?.label ?? id;
}

export function isCategoryFilter(value: string | null): value is CategoryFilter {
  return categories.some((c) => c.id === value);
}

/** Newest first. */
export function allArticles(): ReadonlyArray<Article> {
  return [...articles].sort((a, b) => b.date.localeCompare(a.date));
}

export function featuredArticles(): ReadonlyArray<Article> {
  return allArticles().filter((a) => a.featured);
}

/**
 * Library search, per the spec: case-insensitive substring of title or description, and the category; both
 * must match.
 */
export function searchArticles(query: string, category: CategoryFilter): ReadonlyArray<Article> {
  const needle = query.trim().toLowerCase();
  return allArticles().filter(
    (a) =>
      (category === "all" || a.category === category) &&
      (needle === "" || a.title.toLowerCase().includes(needle) || a.description.toLowerCase().includes(needle)),
  );
}

export function findArticle(slug: string): Article | undefined {
  return articles.find((a) => a.slug === slug);
}

/**
 * What a card or a link to an article shows: a page that lists articles sends only this to the
 * browser, not the articles' whole text and references (three of them were 48 KB of the home page).
 */
export type ArticleTeaser = Pick<Article, "slug" | "title" | "description" | "category" | "date" | "readTimeMinutes">;

export const teaser = ({ slug, title, description, category, date, readTimeMinutes }: Article): ArticleTeaser => ({
  slug,
  title,
  description,
  category,
  date,
  readTimeMinutes,
});

export function readTimeLabel(article: Pick<Article, "readTimeMinutes">): string {
  return `${article.readTimeMinutes} min read`;
}

/**
 * An article's day as an instant: noon UTC, so the day is the same in every time zone that reads it
 * (the page, the feed's pubDate, the structured data's datePublished).
 */
export const articleInstant = (isoDate: string) => `${isoDate}T12:00:00Z`;

/** The day an article last changed: its revision, or its publication. */
export const articleModified = (article: Article) => article.updated ?? article.date;
