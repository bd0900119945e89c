import { site } from "~/lib/site";

export interface MailContent {
  heading: string;
  paragraphs: ReadonlyArray<string>;
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

/**
 * Plain text first (it is what many readers see), with a simple HTML twin: a whole document (lang,
 * title, a viewport for phones), long addresses wrapped, and a button whose white text on the dark
 * gold meets WCAG AA (5.3:1; the site's #b8860b gives 3.25:1).
 */
export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.rich ? [content.rich.text, ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    `— ${site.name}`,
    ...(content.footer ? ["", content.footer] : []),
    ...(content.unsubscribeUrl ? ["", `Unsubscribe with one click: ${content.unsubscribeUrl}`] : []),
  ].join("\n");

  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.heading)}</title>
<style>${RICH_STYLE}</style></head><body style="margin:0;background:#f6f3fb;font-family:Georgia,serif;color:#1e1433">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;overflow-wrap:anywhere">
<h1 style="font-size:22px;color:#3b1f6e">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.6">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${content.rich ? `<div class="rich" style="font-size:16px;line-height:1.6">${content.rich.html}</div>` : ""}
${
  content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#8a6508;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
    : ""
}
<p style="font-size:14px;color:#4a3d63">— ${escapeHtml(site.name)}</p>
${content.footer ? `<p style="font-size:12px;color:#5c5370">${escapeHtml(content.footer)}</p>` : ""}
${content.unsubscribeUrl ? `<p style="font-size:12px;color:#5c5370"><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#3b1f6e">Unsubscribe with one click</a></p>` : ""}
</div></body></html>`;
  return { text, html };
}
