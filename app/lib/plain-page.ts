import { site } from "./site";

export interface PlainPage {
  /** The window's title, before " | " and the site's name. */
  title: string;
  heading: string;
  paragraphs: string[];
  link: { href: string; label: string };
}

/**
 * A whole HTML page that needs nothing but itself (no route, no data, no script, no stylesheet),
 * in the site's colours, styled inline: for answers given where the app's own pages cannot be
 * rendered (the database out of reach, a resource route). Never indexed. Its texts are ours and
 * are written in as they are: never pass it anything a person typed.
 */
export function plainPage({ title, heading, paragraphs, link }: PlainPage): string {
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
<a href="${link.href}" style="display:inline-block;font-family:system-ui,sans-serif;background:#e8c46a;color:#0d0b26;padding:.75rem 1.5rem;border-radius:9999px;text-decoration:none;font-weight:600">${link.label}</a>
</main>
</body>
</html>`;
}
