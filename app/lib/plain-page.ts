import { site } from "./site";

export interface PlainPage {
  /** The window's title, before " | " and the site's name. */
  title: string;
  heading: string;
  paragraphs: string[];
  link: { href: string; label: string };
  /** Texts a person wrote, given back to them (escaped): each in a box they can copy from. */
  kept?: string[];
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * A whole HTML page that needs nothing but itself (no route, no data, no script, no stylesheet),
 * in the site's colours, styled inline: for answers given where the app's own pages cannot be
 * rendered (the database out of reach, a resource route). Never indexed. Its texts are ours and
 * are written in as they are: never pass them anything a person typed. What a person typed goes in
 * `kept` only, which is escaped.
 */
export function plainPage({ title, heading, paragraphs, link, kept = [] }: PlainPage): string {
  const text = (p: string, last: boolean) =>
    `<p style="font-family:system-ui,sans-serif;line-height:1.6;color:#c4bcdc;margin:0 0 ${last ? 2 : 1}rem">${p}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${site.name}</title>
</head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#07061a;color:#e9e4f7;font-family:Georgia,'Times New Roman',serif;padding:1.5rem;box-sizing:border-box">
<main style="max-width:34rem;text-align:center">
<h1 style="font-size:2rem;font-weight:600;margin:0 0 1rem">${heading}</h1>
${paragraphs.map((p, i) => text(p, i === paragraphs.length - 1)).join("\n")}
${kept.map((k, i) => keptBox(k, i)).join("\n")}
<a href="${link.href}" style="display:inline-block;font-family:system-ui,sans-serif;background:#e8c46a;color:#0d0b26;padding:.75rem 1.5rem;border-radius:9999px;text-decoration:none;font-weight:600">${link.label}</a>
</main>
</body>
</html>`;
}

/**
 * A read-only box holding one text a person wrote, sized to it, to select and copy from. Its text
 * starts after a line break, which HTML drops, so a text's own first line break stays.
 */
function keptBox(text: string, i: number): string {
  const rows = Math.min(12, Math.max(2, text.split("\n").length + Math.ceil(text.length / 60)));
  return `<textarea readonly aria-label="What you wrote (${i + 1})" rows="${rows}" style="display:block;box-sizing:border-box;width:100%;margin:0 0 1rem;padding:.75rem;border-radius:.5rem;border:1px solid #4b4470;background:#0d0b26;color:#e9e4f7;font:1rem/1.5 system-ui,sans-serif;text-align:left">\n${escapeHtml(text)}</textarea>`;
}
