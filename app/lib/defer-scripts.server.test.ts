import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./csp.server";
import { deferScripts } from "./defer-scripts.server";

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/><link rel="stylesheet" href="/assets/app.css"/></head><body>${body}</body></html>`;
const hydrate = 'import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");';

describe("deferScripts", () => {
  const html = deferScripts(page(`<main>Hello</main><script type="module" async="">${hydrate}</script>`));

  it("takes the module preloads out of the head and parks the hydrating module, keeping its text", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="text/x-deferred-module">${hydrate}</script>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("starts them from the head after the first paint, with every preload it took", () => {
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('getEntriesByName("first-contentful-paint")');
    expect(head).toContain("setTimeout(start,3000)");
    expect(head).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
  });

  it("leaves the parked module allowed by the page's policy: the same text, so the same hash", () => {
    const original = inlineScriptHashes(`<script type="module">${hydrate}</script>`);
    expect(inlineScriptHashes(html)).toEqual(expect.arrayContaining(original));
  });

  it("leaves a page without scripts as it is", () => {
    const plain = page("<main>Hello</main>").replace(/<link rel="modulepreload"[^>]*\/>/g, "");
    expect(deferScripts(plain)).toBe(plain);
  });
});
