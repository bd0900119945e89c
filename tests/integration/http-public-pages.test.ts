import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "~/content/articles";
import { formOnlyPaths } from "~/modules/content/public-pages";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer("pglite", { SITE_URL: "https://congregation.example" });
});
afterAll(() => server.close());

const pages: Record<string, string> = {
  "/": "Organization",
  "/the-invitation": "WebPage",
  "/the-calling": "WebPage",
  "/magic": "CollectionPage",
  "/religious-freedom": "WebPage",
  "/terms-and-privacy": "WebPage",
  "/faq": "FAQPage",
  "/contact": "ContactPage",
  "/thank-you": "",
  "/thank-you-sacred-offering": "",
  ...Object.fromEntries(articles.map((a) => [`/magic/${a.slug}`, "Article"])),
};

function pngSize(buffer: ArrayBuffer): { width: number; height: number } {
  const view = new DataView(buffer);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("public pages", () => {
  it("render title, description, keywords, canonical, Open Graph, Twitter card and structured data", async () => {
    for (const [path, type] of Object.entries(pages)) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toMatch(/<title>[^<]{5,}<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(canonical, path).toBe(`https://congregation.example${path === "/the-calling" ? "/the-invitation" : path}`);
      expect(html, path).toContain('name="twitter:card" content="summary_large_image"');
      const image = html.match(/<meta property="og:image" content="https:\/\/congregation\.example([^"]+)"/)?.[1];
      expect(image, path).toBeDefined();
      const png = await fetch(`${server.url}${image}`);
      expect(png.status, `${path} image`).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(pngSize(await png.arrayBuffer()), `${path} image size`).toEqual({ width: 1200, height: 630 });
      if (type) {
        const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "{}");
        // One item, or an article with its breadcrumbs as one @graph; each names its page.
        const items: Array<Record<string, unknown>> = ld["@graph"] ?? [ld];
        expect(items[0]?.["@type"], path).toBe(type);
        expect(items[0]?.url, path).toBe(path === "/" ? "https://congregation.example" : canonical);
      }
      if (path.startsWith("/magic/") || ["/", "/magic", "/faq", "/religious-freedom"].includes(path)) {
        expect(html, path).toMatch(/<meta name="keywords" content="[^"]+"/);
      }
    }
  });

  it("date each article with a time zone and give it a breadcrumb trail", async () => {
    const article = articles[0];
    const html = await (await fetch(`${server.url}/magic/${article?.slug}`)).text();
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "{}");
    const [item, trail] = ld["@graph"];
    expect(item.datePublished).toBe(`${article?.date}T12:00:00Z`);
    expect(item.dateModified).toBe(`${article?.updated ?? article?.date}T12:00:00Z`);
    expect(trail["@type"]).toBe("BreadcrumbList");
    expect(
      trail.itemListElement.map((i: { position: number; name: string; item: string }) => [i.position, i.name, i.item]),
    ).toEqual([
      [1, "Home", "https://congregation.example/"],
      [2, "The Magic", "https://congregation.example/magic"],
      [3, article?.title, `https://congregation.example/magic/${article?.slug}`],
    ]);
  });

  it("render the magic search from the URL", async () => {
    const html = await (await fetch(`${server.url}/magic?q=AGING`)).text();
    expect(html).toContain("/magic/psilocybin-aging-study");
    expect(html).not.toContain('href="/magic/honoring-sacred-traditions"');
    const none = await (await fetch(`${server.url}/magic?q=nothing-matches-this&category=history`)).text();
    expect(none).toContain("No articles found");
  });

  it("send a listing page's cards, not the articles they list: no section or reference of another article rides in the page's data", async () => {
    const article = articles.find((a) => a.slug === "evolution-of-spiritual-exploration");
    const reference = article?.references[0]?.title as string;
    const heading = article?.sections[0]?.heading as string;
    const relatedTo = articles.find((a) => a.related.includes("evolution-of-spiritual-exploration"))?.slug;
    expect(reference.length).toBeGreaterThan(20);
    for (const path of ["/", "/magic", "/magic?q=evolution", `/magic/${relatedTo}`]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toContain("/magic/evolution-of-spiritual-exploration");
      expect(html, path).not.toContain(reference);
      expect(html, path).not.toContain(heading);
    }
    // The article's own page still carries its whole text.
    const own = await (await fetch(`${server.url}/magic/evolution-of-spiritual-exploration`)).text();
    expect(own).toContain(reference);
  });

  it("answers 404 for an unknown article", async () => {
    const missing = await fetch(`${server.url}/magic/no-such-article`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain("<title>Page not found · Sacred Path Congregation</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("serve the audio file with range support", async () => {
    const res = await fetch(`${server.url}/audio/evolution-of-spiritual-exploration.ogg`, {
      headers: { Range: "bytes=0-99" },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-type")).toMatch(/ogg/);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });
});

describe("feeds for machines", () => {
  it("lists every public page in the sitemap", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of [
      "/",
      "/the-invitation",
      "/magic",
      "/faq",
      "/contact",
      "/religious-freedom",
      "/terms-and-privacy",
    ]) {
      expect(xml).toContain(`<loc>https://congregation.example${path}</loc>`);
    }
    for (const a of articles) expect(xml).toContain(`/magic/${a.slug}</loc><lastmod>${a.date}</lastmod>`);
  });

  it("keeps member and staff paths out in robots.txt", async () => {
    const txt = await (await fetch(`${server.url}/robots.txt`)).text();
    for (const path of ["/dashboard", "/journals", "/profile", "/console"]) expect(txt).toContain(`Disallow: ${path}`);
    expect(txt).toContain("Sitemap: https://congregation.example/sitemap.xml");
  });

  it("agrees with each page: the sitemap lists indexable pages only, form pages and what robots.txt keeps out say noindex", async () => {
    const txt = await (await fetch(`${server.url}/robots.txt`)).text();
    const disallowed = [...txt.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1] as string);
    const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const listed = [...xml.matchAll(/<loc>https:\/\/congregation\.example([^<]*)<\/loc>/g)].map((m) => m[1] || "/");
    const noindex = '<meta name="robots" content="noindex"/>';
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.filter(blocked)).toEqual([]);
    // Each listed page answers 200, may be indexed and names itself as the canonical address.
    for (const path of listed) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).not.toContain(noindex);
      expect(html, path).toContain(`<link rel="canonical" href="https://congregation.example${path}"/>`);
    }
    for (const path of ["/thank-you", "/thank-you-sacred-offering"]) {
      expect(blocked(path), path).toBe(true);
      expect(await (await fetch(`${server.url}${path}`)).text(), path).toContain(noindex);
      expect(listed).not.toContain(path);
    }
    // Pages that are only a form: out of the sitemap and noindex, which robots.txt lets crawlers read.
    for (const path of formOnlyPaths) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(noindex);
      expect(listed, path).not.toContain(path);
      expect(blocked(path), path).toBe(false);
    }
  });

  it("serves favicon.ico, a touch icon and a web app manifest whose icons all exist, linked from every page", async () => {
    const ico = await fetch(`${server.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect([...new Uint8Array(await ico.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);
    const home = await (await fetch(`${server.url}/`)).text();
    for (const link of [
      '<link rel="icon" href="/favicon.ico" sizes="32x32"/>',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>',
      '<link rel="manifest" href="/site.webmanifest"/>',
    ]) {
      expect(home).toContain(link);
    }
    const manifest = await fetch(`${server.url}/site.webmanifest`);
    expect(manifest.headers.get("content-type")).toContain("application/manifest+json");
    const { name, icons } = (await manifest.json()) as { name: string; icons: Array<{ src: string; type: string }> };
    expect(name).toBe("Sacred Path Congregation");
    for (const icon of [...icons, { src: "/apple-touch-icon.png", type: "image/png" }]) {
      const res = await fetch(`${server.url}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get("content-type"), icon.src).toContain(icon.type);
    }
  });

  it("publishes a valid RSS feed of the articles", async () => {
    const res = await fetch(`${server.url}/magic/feed.xml`);
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<rss version="2.0"/);
    expect(xml.match(/<item>/g)).toHaveLength(5);
    expect(xml).toContain("<link>https://congregation.example/magic/psilocybin-aging-study</link>");
    expect(xml).toContain("<pubDate>Tue, 22 Jul 2025 12:00:00 GMT</pubDate>");
  });
});
