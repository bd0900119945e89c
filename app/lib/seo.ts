import type { MetaDescriptor } from "react-router";
import { shareImagePath } from "./art-paths";
import { site } from "./site";

export interface PageSeo {
  title: string;
  description: string;
  keywords?: ReadonlyArray<string>;
  /** Path of the canonical URL, e.g. "/magic". */
  path: string;
  /** Share image name (public/og/{name}.png). */
  image: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** schema.org data; several items (an Article and its BreadcrumbList) go out as one @graph. */
  structuredData?: Record<string, unknown> | ReadonlyArray<Record<string, unknown>>;
  /**
   * Kept out of search and the sitemap: a page reached only after a form (a thank-you, which robots.txt
   * also keeps out) or a page that is only a form (formOnlyPaths in modules/content/public-pages.ts).
   */
  noindex?: boolean;
}

/** SITE_URL reaches meta functions through the root loader (it runs on server and client). */
export function siteUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data;
  return root && typeof root === "object" && "siteUrl" in root && typeof root.siteUrl === "string" ? root.siteUrl : "";
}

export function seo(siteUrl: string, page: PageSeo): MetaDescriptor[] {
  const url = `${siteUrl}${page.path}`;
  const image = `${siteUrl}${shareImagePath(page.image)}`;
  const title = page.path === "/" ? page.title : `${page.title} | ${site.name}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: site.locale },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: page.imageAlt ?? page.title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (page.keywords?.length) meta.push({ name: "keywords", content: page.keywords.join(", ") });
  if (page.noindex) meta.push({ name: "robots", content: "noindex" });
  if (page.structuredData) {
    // Every item names its page's canonical URL unless it says otherwise.
    const data = page.structuredData;
    meta.push({
      "script:ld+json": Array.isArray(data)
        ? { "@context": "https://schema.org", "@graph": data.map((item) => ({ url, ...item })) }
        : { "@context": "https://schema.org", url, ...data },
    });
  }
  return meta;
}

export function organizationData(siteUrl: string): Record<string, unknown> {
  return {
    "@type": "Organization",
    name: site.name,
    url: siteUrl,
    logo: `${siteUrl}/favicon.svg`,
    sameAs: [site.social.professional.href, site.social.photos.href],
  };
}
