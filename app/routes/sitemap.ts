import { articles } from "~/content/articles";
import { appContext } from "~/context";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http";
import { articleModified } from "~/modules/content/articles";
import { publicPaths } from "~/modules/content/public-pages";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const lastmod = new Map(articles.map((a) => [`/magic/${a.slug}`, articleModified(a)]));
  const urls = publicPaths()
    .map((path) => {
      const date = lastmod.get(path);
      return `  <url><loc>${escapeXml(handles.env.SITE_URL + path)}</loc>${date ? `<lastmod>${date}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
