import { describe, expect, it } from "vitest";
import { articles } from "~/content/articles";
import type { Block, RichText } from "~/content/types";
import { categories, featuredArticles, searchArticles } from "./articles";

const slugs = [
  "exploring-profound-spiritual-experiences",
  "honoring-sacred-traditions",
  "embracing-spiritual-insights",
  "evolution-of-spiritual-exploration",
  "psilocybin-aging-study",
];

function words(blocks: ReadonlyArray<Block>): number {
  const text = (t: RichText) => t.map((p) => (typeof p === "string" ? p : p.text)).join("");
  return (
    blocks
      .map((b) =>
        b.type === "p"
          ? text(b.text)
          : b.type === "list"
            ? b.items.map(text).join(" ")
            : b.type === "callout"
              ? ""
              : b.text,
      )
      .join(" ")
      .split(/\s+/)
      .filter(Boolean).length + blocks.reduce((n, b) => n + (b.type === "callout" ? words(b.blocks) : 0), 0)
  );
}

describe("articles", () => {
  it("are the five of SPEC.md with their dates, read times and categories", () => {
    expect(articles.map((a) => a.slug)).toEqual(slugs);
    const bySlug = Object.fromEntries(articles.map((a) => [a.slug, a]));
    expect(bySlug["exploring-profound-spiritual-experiences"]).toMatchObject({
      date: "2024-09-10",
      readTimeMinutes: 9,
    });
    expect(bySlug["honoring-sacred-traditions"]).toMatchObject({ date: "2024-11-15", readTimeMinutes: 6 });
    expect(bySlug["embracing-spiritual-insights"]).toMatchObject({ date: "2024-10-28", readTimeMinutes: 7 });
    expect(bySlug["psilocybin-aging-study"]).toMatchObject({
      date: "2025-07-22",
      readTimeMinutes: 8,
      category: "doses-science",
    });
    expect(featuredArticles()).toHaveLength(3);
    const ids = categories.map((c) => c.id);
    for (const a of articles) expect(ids).toContain(a.category);
  });

  it("are written in full, with references and related links that exist", () => {
    for (const a of articles) {
      const total = words(a.lede) + a.sections.reduce((n, s) => n + words(s.blocks), 0);
      // Long enough for the stated read time: at least 150 words per minute of it.
      expect(total, a.slug).toBeGreaterThan(a.readTimeMinutes * 150);
      expect(a.description.length, a.slug).toBeLessThanOrEqual(160);
      expect(a.references.length, a.slug).toBeGreaterThanOrEqual(3);
      expect(a.related.length, a.slug).toBeGreaterThanOrEqual(2);
      for (const r of a.related) expect(slugs, `${a.slug} related`).toContain(r);
      expect(JSON.stringify(a)).not.toMatch(/lorem ipsum|TODO|placeholder/i);
    }
  });

  it("give the ageing study its five cards, findings and limits", () => {
    const study = articles.find((a) => a.slug === "psilocybin-aging-study");
    expect(study?.sections.map((s) => s.heading)).toEqual([
      "Introduction",
      "What the Study Found",
      "Why This Matters for Our Spiritual Practice",
      "Important Considerations",
      "Our Commitment",
    ]);
    const text = JSON.stringify(study).toLowerCase();
    for (const fact of ["80%", "50%", "sirt1", "fur", "skin", "lung", "clinical trials", "multifactorial"])
      expect(text).toContain(fact);
    expect(study?.related).toEqual(["exploring-profound-spiritual-experiences", "evolution-of-spiritual-exploration"]);
  });

  it("search title and description case-insensitively, combined with the category", () => {
    expect(searchArticles("AGING", "all").map((a) => a.slug)).toContain("psilocybin-aging-study");
    expect(searchArticles("", "doses-science").map((a) => a.slug)).toEqual(["psilocybin-aging-study"]);
    expect(searchArticles("aging", "history")).toEqual([]);
    expect(searchArticles("", "all")).toHaveLength(5);
  });
});
