import { linesOf, oneLine } from "~/lib/one-line";
import { site } from "~/lib/site";

/**
 * One paragraph of a mail. A string is the mail's own words and is one line: whatever a template
 * set into it (a member's name, a passkey's, a circle's title) is made one line of printable text
 * here, so no name can ever put a line of its own among the mail's words (issue 45). Only what a
 * person wrote as a message keeps its line breaks, and is marked as theirs.
 */
export type MailParagraph =
  | string
  /** Several lines of the mail's own words (a receipt's), each one line. */
  | { lines: ReadonlyArray<string> }
  /** What a Temple Keeper wrote for this mail, as they wrote it, under an optional line of ours. */
  | { lead?: string; keeperWrote: string }
  /** What the recipient wrote to us, quoted: in the plain text every line of it starts with "> ". */
  | { lead?: string; quote: string };

export interface MailContent {
  heading: string;
  paragraphs: ReadonlyArray<MailParagraph>;
  action?: { label: string; url: string };
  /** Written content already rendered (a newsletter issue's Markdown): its HTML and its plain text. */
  rich?: { html: string; text: string };
  /** Small print under the message, e.g. why they got it. */
  footer?: string;
  /** A newsletter mail's own one-click unsubscribe address, shown as a link under the footer. */
  unsubscribeUrl?: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Rendered Markdown carries no inline styles; mail readers that keep a <style> block get these. */
const RICH_STYLE =
  ".rich h1,.rich h2,.rich h3{color:#3b1f6e;font-size:19px}.rich a{color:#3b1f6e}" +
  ".rich blockquote{margin:0;padding-left:12px;border-left:3px solid #c9b8e8;color:#4a3d63}";

/** A heading names at most this many characters (a name in it is cut to fit, with an ellipsis). */
const HEADING_MAX = 200;

/** A paragraph's lines as the plain text shows them. */
function textLines(p: MailParagraph): string[] {
  if (typeof p === "string") return [oneLine(p)];
  if ("lines" in p) return p.lines.map((line) => oneLine(line));
  const lead = p.lead === undefined ? [] : [oneLine(p.lead)];
  if ("keeperWrote" in p) return [...lead, ...linesOf(p.keeperWrote)];
  return [...lead, ...linesOf(p.quote).map((line) => (line ? `> ${line}` : ">"))];
}

const QUOTE_STYLE =
  "margin:0 0 16px;font-size:16px;line-height:1.6;padding-left:12px;border-left:3px solid #c9b8e8;color:#4a3d63";

/** A paragraph as the HTML twin shows it. */
function htmlParagraph(p: MailParagraph): string {
  const open = '<p style="font-size:16px;line-height:1.6">';
  const br = (lines: ReadonlyArray<string>) => lines.map(escapeHtml).join("<br>");
  if (typeof p === "string" || "lines" in p || "keeperWrote" in p) return `${open}${br(textLines(p))}</p>`;
  const lead = p.lead === undefined ? "" : `${open}${escapeHtml(oneLine(p.lead))}</p>`;
  return `${lead}<blockquote style="${QUOTE_STYLE}">${br(linesOf(p.quote))}</blockquote>`;
}

/**
 * Plain text first (it is what many readers see), with a simple HTML twin: a whole document (lang,
 * title, a viewport for phones), long addresses wrapped, and a button whose white text on the dark
 * gold meets WCAG AA (5.3:1; the site's #b8860b gives 3.25:1). Every template goes through here, so
 * here the heading, the paragraphs, the button and the footer are made one line each (`MailParagraph`).
 */
export function renderMail(content: MailContent): { text: string; html: string } {
  const heading = oneLine(content.heading, HEADING_MAX);
  const action = content.action && { label: oneLine(content.action.label), url: oneLine(content.action.url) };
  const footer = content.footer === undefined ? undefined : oneLine(content.footer);
  const text = [
    heading,
    "",
    ...content.paragraphs.flatMap((p) => [...textLines(p), ""]),
    ...(content.rich ? [content.rich.text, ""] : []),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    `— ${site.name}`,
    ...(footer ? ["", footer] : []),
    ...(content.unsubscribeUrl ? ["", `Unsubscribe with one click: ${content.unsubscribeUrl}`] : []),
  ].join("\n");

  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title>
<style>${RICH_STYLE}</style></head><body style="margin:0;background:#f6f3fb;font-family:Georgia,serif;color:#1e1433">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;overflow-wrap:anywhere">
<h1 style="font-size:22px;color:#3b1f6e">${escapeHtml(heading)}</h1>
${content.paragraphs.map(htmlParagraph).join("\n")}
${content.rich ? `<div class="rich" style="font-size:16px;line-height:1.6">${content.rich.html}</div>` : ""}
${
  action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#8a6508;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : ""
}
<p style="font-size:14px;color:#4a3d63">— ${escapeHtml(site.name)}</p>
${footer ? `<p style="font-size:12px;color:#5c5370">${escapeHtml(footer)}</p>` : ""}
${content.unsubscribeUrl ? `<p style="font-size:12px;color:#5c5370"><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#3b1f6e">Unsubscribe with one click</a></p>` : ""}
</div></body></html>`;
  return { text, html };
}
