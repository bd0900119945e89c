import MarkdownIt from "markdown-it";
import { escapeHtml } from "../mail/templates";
import { ISSUE_BODY_MAX, type IssueFormat } from "./issue-formats";

/*
 * An issue's body as mail HTML, rendered once when the issue is saved (newsletter-issues.server.ts
 * stores it). Markdown is CommonMark through markdown-it, whose parser is linear in its input on
 * CommonMark's pathological cases (its own tests run them): micromark, before it, took 17 to 28 s
 * on "*_" typed 25,000 times and held up every other request meanwhile (issue 28).
 */

// Typed HTML is text (html: false): a keeper's words, never a script in a reader's mail or in
// another keeper's preview. Nesting deeper than 20 (quotes in lists in quotes...) is read as text.
const markdown = new MarkdownIt("commonmark", { html: false, xhtmlOut: false, maxNesting: 20 });

const WEB_OR_MAIL = /^(?:https?|mailto):/i;

/**
 * Links and images go to the web, to a mail address or to a relative address; any other scheme
 * (javascript:, data:, vbscript:, file:) leaves the words as typed, unlinked. A colon after the
 * first "/", "?" or "#" is part of a relative address, as a browser reads it. `url` comes decoded
 * (entities) and percent-encoded (spaces, controls), so "jav&#x61;script:" is seen for what it is.
 */
export function isSafeLink(url: string): boolean {
  const colon = url.indexOf(":");
  const end = url.search(/[/?#]/);
  if (colon === -1 || (end !== -1 && colon > end)) return true;
  return WEB_OR_MAIL.test(url);
}
markdown.validateLink = isSafeLink;

/** Plain text keeps its paragraphs and line breaks, escaped; one pass over the text. */
function plainHtml(body: string): string {
  return body
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/** The body as HTML; a body longer than the form allows (written around it) is shown as plain text. */
export function renderIssueHtml({ body, format }: { body: string; format: IssueFormat }): string {
  if (format === "markdown" && body.length <= ISSUE_BODY_MAX) return markdown.render(body);
  return plainHtml(body);
}
