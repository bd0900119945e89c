import { appContext } from "~/context";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http";
import { privatePathPrefixes } from "~/modules/content/public-pages";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const lines = [
    "User-agent: *",
    ...privatePathPrefixes.map((p) => `Disallow: ${p}`),
    "Allow: /",
    "",
    `Sitemap: ${handles.env.SITE_URL}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
