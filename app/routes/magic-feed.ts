import { appContext } from "~/context";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http";
import { site } from "~/lib/site";
import { allArticles, articleInstant } from "~/modules/content/articles";
import type { Route } from "./+types/magic-feed";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** RSS 2.0 feed of the articles, newest first. */
export function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const base = handles.env.SITE_URL;
  const items = allArticles()
    .map((a) => {
      const url = `${base}/magic/${a.slug}`;
      return [
        "    <item>",
        `      <title>${escapeXml(a.title)}</title>`,
        `      <link>${url}</link>`,
        `      <guid isPermaLink="true">${url}</guid>`,
        `      <description>${escapeXml(a.description)}</description>`,
        `      <pubDate>${new Date(articleInstant(a.date)).toUTCString()}</pubDate>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`The Magic | ${site.name}`)}</title>
    <link>${base}/magic</link>
    <atom:link href="${base}/magic/feed.xml" rel="self" type="application/rss+xml"/>
    <description>Articles on sacred practice, research, tradition and integration.</description>
    <language>en-us</language>
${items}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
