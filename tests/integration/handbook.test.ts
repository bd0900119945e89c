import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANDBOOK_PAGE_FOR_ROUTE } from "../../app/modules/handbook/route-pages";
import { appRoutes } from "../security/route-list";
import { createAccount, get, signIn, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * The keepers' handbook (docs/keepers/, issue 50) stays whole: every console route has its page
 * (app/modules/handbook/route-pages.ts says which), every link between pages and every picture
 * resolves, and the console serves it to staff alone.
 */
const DIR = path.resolve("docs/keepers");
const pages = fs.readdirSync(DIR).filter((f) => f.endsWith(".md"));
const images = fs.readdirSync(path.join(DIR, "images")).filter((f) => /\.(png|jpg)$/.test(f));
const read = (page: string) => fs.readFileSync(path.join(DIR, page), "utf8");
/** Every Markdown link and picture's address in a page: `[words](address)` and `![words](address)`. */
const addresses = (text: string) =>
  [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) =>
    m[0].startsWith("!") ? { image: true, to: m[1] as string } : { image: false, to: m[1] as string },
  );

describe("the keepers' handbook", () => {
  it("has a page for every console route, and the map names no route that is gone", async () => {
    const consoleRoutes = (await appRoutes()).map((r) => r.pattern).filter((p) => /^\/console(\/|$)/.test(p));
    expect(consoleRoutes.length).toBeGreaterThan(20);
    const missing = consoleRoutes.filter((p) => !HANDBOOK_PAGE_FOR_ROUTE[p]);
    expect(missing, "console routes with no handbook page in app/modules/handbook/route-pages.ts").toEqual([]);
    const stale = Object.keys(HANDBOOK_PAGE_FOR_ROUTE).filter((p) => !consoleRoutes.includes(p));
    expect(stale, "handbook entries for routes app/routes.ts no longer has").toEqual([]);
    const absent = [...new Set(Object.values(HANDBOOK_PAGE_FOR_ROUTE))].filter((page) => !pages.includes(page));
    expect(absent, "pages the route map names that docs/keepers/ does not have").toEqual([]);
  });

  it("links only to pages and pictures that exist, and lists every page in its index", () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const { image, to } of addresses(read(page))) {
        if (/^(https?:|mailto:)/.test(to)) continue;
        const file = to.replace(/#.*$/, "");
        const exists = image
          ? file.startsWith("images/") && images.includes(file.slice("images/".length))
          : /^[\w-]+\.md$/.test(file) && pages.includes(file);
        if (!exists) broken.push(`${page}: ${to}`);
      }
    }
    expect(broken, "links and pictures that lead nowhere").toEqual([]);
    const index = addresses(read("README.md")).map((a) => a.to.replace(/#.*$/, ""));
    expect(pages.filter((p) => p !== "README.md" && !index.includes(p))).toEqual([]);
  });

  it("shows every picture it has, and each is a picture of a reasonable size", () => {
    const shown = new Set(
      pages.flatMap((p) =>
        addresses(read(p))
          .filter((a) => a.image)
          .map((a) => a.to),
      ),
    );
    expect(
      images.filter((f) => !shown.has(`images/${f}`)),
      "pictures no page shows",
    ).toEqual([]);
    for (const image of images) {
      const size = fs.statSync(path.join(DIR, "images", image)).size;
      expect(size, image).toBeGreaterThan(1_000);
      expect(size, image).toBeLessThan(600_000);
    }
  });

  it("puts the hard moments first in its index, with the crisis lines the site shows", () => {
    const index = read("README.md");
    expect(index.indexOf("hard-moments.md")).toBeLessThan(index.indexOf("signing-in.md"));
    const hard = read("hard-moments.md");
    for (const words of ["988", "911", "62-FIRESIDE", "below 52", "28 or below", "Topp"]) expect(hard).toContain(words);
  });
});

describeEachBackend("the handbook in the console", (backend) => {
  let server: TestServer;
  let staffCookie = "";
  let memberCookie = "";
  const image = images[0] ?? "";
  beforeAll(async () => {
    server = await startTestServer(backend);
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: staffCookie } = await signInStaff(server, keeper));
    const member = await createAccount(server);
    ({ cookie: memberCookie } = await signIn(server, member.username, member.password));
  });
  afterAll(() => server.close());

  it("serves staff its index, a page with console links, and a picture, privately", async () => {
    const index = await get(server, "/console/help", staffCookie);
    expect(index.status).toBe(200);
    const indexHtml = await index.text();
    expect(indexHtml).toContain("In a hard moment");
    expect(indexHtml).toContain('href="/console/help/hard-moments"');
    expect(indexHtml).toContain('href="/console/help"'); // the console tab
    const page = await get(server, "/console/help/giving", staffCookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Record a gift given in person");
    expect(html).toContain('src="/console/help/images/giving.jpg"');
    expect(html).toContain('href="/console/help/audit-log"');
    expect(html).not.toContain('.md"');
    const picture = await get(server, `/console/help/images/${image}`, staffCookie);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toMatch(/^image\/(png|jpeg)$/);
    expect(picture.headers.get("cache-control")).toMatch(/^private/);
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(DIR, "images", image)))).toBe(true);
  });

  it("answers 404 for a page or picture it does not have", async () => {
    for (const address of [
      "/console/help/nothing-here",
      "/console/help/README",
      "/console/help/images/nothing.jpg",
      "/console/help/images/..%2FREADME.md",
    ]) {
      expect((await get(server, address, staffCookie)).status, address).toBe(404);
    }
  });

  it("refuses members and sends visitors to sign in, as every console page does", async () => {
    for (const address of ["/console/help", "/console/help/giving", `/console/help/images/${image}`]) {
      expect((await get(server, address, memberCookie)).status, address).toBe(403);
      const visitor = await get(server, address);
      expect(visitor.status, address).toBe(302);
      expect(visitor.headers.get("location"), address).toBe(`/sacred-access?redirectTo=${encodeURIComponent(address)}`);
    }
  });
});
