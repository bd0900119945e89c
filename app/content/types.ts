/**
 * Shapes of the fixed content (articles, FAQ, legal text, teaching pages).
 * Content is data, not markup: pages render it, so text always renders as text.
 */

/** A run of text; a segment with `href` renders as a link (internal paths start with "/"). */
export type RichText = ReadonlyArray<string | { readonly text: string; readonly href: string }>;

export type Block =
  | { readonly type: "p"; readonly text: RichText }
  | { readonly type: "h3"; readonly text: string }
  | { readonly type: "list"; readonly items: ReadonlyArray<RichText> }
  | { readonly type: "quote"; readonly text: string; readonly cite?: string }
  /** A highlighted card, e.g. "What the Study Found". */
  | { readonly type: "callout"; readonly title: string; readonly blocks: ReadonlyArray<Block> };

export interface Section {
  /** Stable anchor id, kebab-case. */
  readonly id: string;
  readonly heading: string;
  readonly blocks: ReadonlyArray<Block>;
}

export type CategoryId = "doses-science" | "trip-reports" | "microdosing-heroic" | "set-setting" | "history";

export interface Reference {
  /** e.g. "Griffiths, R. R., Richards, W. A., McCann, U., & Jesse, R." */
  readonly authors: string;
  readonly year: number;
  readonly title: string;
  /** Journal, publisher or court, with volume/pages where known. */
  readonly source: string;
  /** DOI or stable URL, only if you are certain it is correct. */
  readonly url?: string;
}

export interface Article {
  readonly slug: string;
  readonly title: string;
  /** One or two sentences; used for the card, meta description and search. <= 160 chars. */
  readonly description: string;
  readonly keywords: ReadonlyArray<string>;
  readonly category: CategoryId;
  readonly featured: boolean;
  /** ISO date YYYY-MM-DD. */
  readonly date: string;
  /** ISO date of the last revision, when the article was revised after `date`. */
  readonly updated?: string;
  readonly readTimeMinutes: number;
  /** Alt text for the article's generated artwork. */
  readonly imageAlt: string;
  /** Opening paragraph(s) shown under the title. */
  readonly lede: ReadonlyArray<Block>;
  readonly sections: ReadonlyArray<Section>;
  readonly references: ReadonlyArray<Reference>;
  /** Slugs of related articles (must exist). */
  readonly related: ReadonlyArray<string>;
  readonly audio?: { readonly src: string; readonly title: string };
}

export interface FaqEntry {
  readonly id: string;
  readonly question: string;
  readonly answer: ReadonlyArray<Block>;
}
