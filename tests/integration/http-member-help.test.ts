import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HELP_TOPICS } from "../../app/content/member-help";
import { get, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/** The page's text as a reader sees it (React escapes quotes and ampersands). */
const text = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("<!-- -->", "");

/** Which "What is this?" a page shows: each <details data-help="…">, in order. */
const helpOn = (html: string) => [...html.matchAll(/<details[^>]*data-help="([^"]+)"/g)].map((m) => m[1]);

describeEachBackend("help where members are (issue 50)", (backend) => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    ({ cookie } = await twoMembers(server));
  });
  afterAll(() => server.close());

  it("/help gives every topic, its plain words, and the way to where it lives", async () => {
    const response = await get(server, "/help", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const page = text(await response.text());
    for (const topic of HELP_TOPICS) {
      expect(page).toContain(`id="${topic.id}"`);
      expect(page).toContain(topic.short);
      for (const paragraph of topic.more) expect(page).toContain(paragraph);
      expect(page).toContain(`href="${topic.where.to}"`);
    }
  });

  it("is the member area's: a visitor is sent to sign in", async () => {
    const response = await get(server, "/help", "");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/sacred-access\?/);
  });

  it("opens a short answer under each new card, in the HTML (no JavaScript needed), linking to /help", async () => {
    const profile = text(await (await get(server, "/profile", cookie)).text());
    expect(helpOn(profile)).toEqual(
      expect.arrayContaining(["passkeys", "two-factor", "recurring-offerings", "your-data", "delete-account"]),
    );
    const calendar = text(await (await get(server, "/calendar", cookie)).text());
    expect(helpOn(calendar)).toEqual(expect.arrayContaining(["check-ins", "circles"]));
    for (const id of ["passkeys", "your-data"]) {
      const topic = HELP_TOPICS.find((t) => t.id === id);
      expect(profile).toContain(topic?.short);
      expect(profile).toContain(`href="/help#${id}"`);
    }
  });
});

it("every help topic is shown under some card, and every card names a topic that exists", () => {
  const used = new Set<string>();
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : full.endsWith(".tsx") ? [full] : [];
    });
  for (const file of walk(path.resolve("app"))) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(/<WhatIsThis topic="([^"]+)"/g))
      used.add(match[1] ?? "");
  }
  const ids = HELP_TOPICS.map((t) => t.id);
  expect([...used].filter((id) => !ids.includes(id))).toEqual([]);
  expect(ids.filter((id) => !used.has(id))).toEqual([]);
});
