import MarkdownIt from "markdown-it";
import { isSafeLink } from "../newsletter/issue-body.server";

/*
 * The keepers' handbook (docs/keepers/*.md and its images), bundled into the server build by Vite
 * so that a server running from build/ alone (the Docker image, a plain host) has it: the pages as
 * text, the images as data URLs decoded to bytes once here. The Markdown is the project's own, but it
 * goes through the newsletter's safe setting all the same (typed HTML is text, unsafe links unlinked).
 */
const PAGE_SOURCES = import.meta.glob<string>("../../../docs/keepers/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const IMAGE_SOURCES = import.meta.glob<string>("../../../docs/keepers/images/*.{png,jpg}", {
  query: "?inline",
  import: "default",
  eager: true,
});

const baseName = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** Page name (the file without ".md"; the index is "README") -> Markdown. */
const PAGES = new Map(Object.entries(PAGE_SOURCES).map(([key, text]) => [baseName(key).replace(/\.md$/, ""), text]));

/** File name -> its bytes and type, from the data URL `?inline` gives. */
const IMAGES = new Map(
  Object.entries(IMAGE_SOURCES).map(([key, dataUrl]) => {
    const [head = "", base64 = ""] = dataUrl.split(",", 2);
    const type = head.slice("data:".length).replace(/;base64$/, "");
    return [baseName(key), { type, bytes: Buffer.from(base64, "base64") }];
  }),
);

export const HELP_ROOT = "/console/help";

/**
 * A link as written between the Markdown files (which read right on GitHub too) made into a console
 * address: "giving.md#refunds" -> /console/help/giving#refunds, "README.md" -> /console/help,
 * "images/x.png" -> /console/help/images/x.png. Anything else (the web, mail) is left as written.
 */
export function helpAddress(href: string): string {
  const page = /^(?:\.\/)?([a-z0-9-]+|README)\.md(#[\w-]*)?$/i.exec(href);
  if (page) return `${page[1] === "README" ? HELP_ROOT : `${HELP_ROOT}/${page[1]}`}${page[2] ?? ""}`;
  const image = /^(?:\.\/)?images\/([\w.-]+)$/.exec(href);
  if (image) return `${HELP_ROOT}/images/${image[1]}`;
  return href;
}

const markdown = new MarkdownIt("commonmark", { html: false, xhtmlOut: false, maxNesting: 20 });
markdown.validateLink = isSafeLink;
const renderLink = markdown.renderer.rules.link_open ?? ((t, i, o, _e, self) => self.renderToken(t, i, o));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = token?.attrGet("href");
  if (token && href) token.attrSet("href", helpAddress(String(href)));
  return renderLink(tokens, idx, options, env, self);
};
const renderImage = markdown.renderer.rules.image ?? ((t, i, o, _e, self) => self.renderToken(t, i, o));
markdown.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const src = token?.attrGet("src");
  if (token && src) {
    token.attrSet("src", helpAddress(String(src)));
    token.attrSet("loading", "lazy");
  }
  return renderImage(tokens, idx, options, env, self);
};

export interface HandbookPage {
  name: string;
  title: string;
  html: string;
}

/** A page by name ("README" is the index), rendered; null for a name the handbook does not have. */
export function handbookPage(name: string): HandbookPage | null {
  const source = PAGES.get(name);
  if (source === undefined) return null;
  const title = /^# (.+)$/m.exec(source)?.[1]?.trim() ?? name;
  return { name, title, html: markdown.render(source) };
}

/** An image the handbook bundles, by file name; null for any other name. */
export function handbookImage(file: string): { type: string; bytes: Buffer } | null {
  return IMAGES.get(file) ?? null;
}
