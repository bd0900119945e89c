import { describe, expect, it } from "vitest";
import { faq } from "./faq";
import { invitation } from "./invitation";
import { privacySections, termsSections } from "./legal";
import { religiousFreedom } from "./religious-freedom";
import type { Block, RichText } from "./types";

function links(blocks: ReadonlyArray<Block>): string[] {
  const fromText = (t: RichText) => t.flatMap((p) => (typeof p === "string" ? [] : [p.href]));
  return blocks.flatMap((b) =>
    b.type === "p"
      ? fromText(b.text)
      : b.type === "list"
        ? b.items.flatMap(fromText)
        : b.type === "callout"
          ? links(b.blocks)
          : [],
  );
}

describe("fixed pages", () => {
  it("has eight FAQ answers linking to contact, start and the four aliases", () => {
    expect(faq).toHaveLength(8);
    const hrefs = faq.flatMap((f) => links(f.answer));
    for (const path of [
      "/contact",
      "/start",
      "/session-calendar",
      "/integration-sessions",
      "/guided-meditations",
      "/sacred-resources",
    ]) {
      expect(hrefs).toContain(path);
    }
  });

  it("has six terms and six privacy sections in the spec's order", () => {
    expect(termsSections.map((s) => s.heading)).toEqual([
      "Purpose",
      "Eligibility",
      "No Medical Advice",
      "Donations",
      "Use of AI",
      "Responsibility",
    ]);
    expect(privacySections.map((s) => s.heading)).toEqual([
      "Information We Collect",
      "How We Use Information",
      "Data Protection",
      "Communication and Consent",
      "AI and Data Use",
      "Your Rights",
    ]);
    expect(JSON.stringify(termsSections)).toContain("21");
  });

  it("has six tenets and the four religious-freedom sections", () => {
    expect(invitation.tenets).toHaveLength(6);
    expect(religiousFreedom.sections.map((s) => s.heading)).toEqual([
      "The Sacred Right to Seek the Divine",
      "The Foundation of Religious Freedom",
      "Our Commitment to Sacred Practice",
      "Why Religious Freedom Matters",
    ]);
    expect(religiousFreedom.legalPoints).toHaveLength(4);
    expect(religiousFreedom.commitments).toHaveLength(4);
  });
});
