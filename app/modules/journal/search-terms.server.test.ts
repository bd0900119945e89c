import { describe, expect, it } from "vitest";
import { parseKeyring } from "../../lib/encryption.server";
import { fold, matches, queryTerms, termsOf, wordsOf } from "./search-terms.server";

const key = (fill: number) => Buffer.alloc(32, fill).toString("base64");
const ring = parseKeyring(`k1:${key(1)}`);

describe("journal search terms", () => {
  it("folds case and accents, and splits words in every script", () => {
    expect(fold("Zoë ŻÓŁĆ")).toBe("zoe zołc");
    expect(wordsOf("The river, at dawn!")).toEqual(["the", "river", "at", "dawn"]);
    expect(wordsOf("我在河边醒来")).not.toEqual(["我在河边醒来"]);
  });

  it("finds a word by its beginning, whatever its case or accents", () => {
    const entry = termsOf(ring, "u1", ["Lighthouse at Zoë's", "A HERON stood in the shallows."]);
    const has = (q: string) => queryTerms(ring, "u1", q).every((hashes) => hashes.some((h) => entry.includes(h)));
    expect(has("heron")).toBe(true);
    expect(has("her")).toBe(true);
    expect(has("lighthouse")).toBe(true); // looked up by its first six letters
    expect(has("zoe")).toBe(true);
    expect(has("shallow stood")).toBe(true);
    expect(has("river")).toBe(false);
  });

  it("finds Chinese and Japanese words by a single character", () => {
    const entry = termsOf(ring, "u1", ["河边的光"]);
    expect(queryTerms(ring, "u1", "光").every((hashes) => hashes.some((h) => entry.includes(h)))).toBe(true);
  });

  it("holds no plaintext, and the same word gives unrelated hashes for two members and two keys", () => {
    const a = termsOf(ring, "u1", ["river"]);
    const b = termsOf(ring, "u2", ["river"]);
    const other = termsOf(parseKeyring(`k2:${key(2)}`), "u1", ["river"]);
    expect(a.join(" ")).not.toMatch(/riv/);
    expect(a.filter((h) => b.includes(h) || other.includes(h))).toEqual([]);
  });

  it("looks a word up under every key in the ring, so entries sealed before a rotation are found", () => {
    const before = termsOf(ring, "u1", ["heron"]);
    const rotated = parseKeyring(`k2:${key(2)},k1:${key(1)}`);
    const [hashes] = queryTerms(rotated, "u1", "heron");
    expect(hashes?.some((h) => before.includes(h))).toBe(true);
  });

  it("settles what the index cannot tell apart by the words themselves", () => {
    expect(matches("lighthouse", ["a lighthouse"])).toBe(true);
    expect(matches("lighthouse", ["a lighthearted day"])).toBe(false);
    expect(matches("her sto", ["A HERON stood"])).toBe(true);
    expect(matches("zoe", ["Zoë"])).toBe(true);
  });
});
