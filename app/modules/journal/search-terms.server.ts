import { createHmac, hkdfSync } from "node:crypto";
import type { Keyring } from "../../lib/encryption.server";

/**
 * A blind index for journal search (docs/decisions/009-journal-search-index.md). The text stays
 * sealed; beside it the entry keeps keyed hashes of its words' beginnings, so a search finds its
 * entries by index and opens only those. Hashes are keyed per member as well as per key: the same
 * word in two members' journals gives unrelated values.
 *
 * Terms: each word (Unicode word segmentation, so Chinese and Japanese split too), case and accents
 * folded, as its beginnings of 3 to 6 characters (Han and kana: 1 to 6), or whole when shorter. A
 * search word is looked up by its own beginning up to 6 characters; what the index cannot tell
 * apart (longer words, a shared beginning) is settled by opening the candidates (`matches`).
 */
const MAX_PREFIX = 6;
const MIN_PREFIX = 3;
/** 80 bits of HMAC: collisions within one member's words are negligible, and any is caught by `matches`. */
const TERM_BYTES = 10;
const IDEOGRAPHIC = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const segmenter = new Intl.Segmenter("und", { granularity: "word" });

/** Lower case, compatibility forms unified, accents removed: "Zoë" and "ZOE" are one word. */
export const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().normalize("NFC");

export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const part of segmenter.segment(fold(text))) if (part.isWordLike) words.push(part.segment);
  return words;
}

/** The beginnings under which a word is indexed. */
function beginnings(word: string): string[] {
  const chars = [...word];
  const min = IDEOGRAPHIC.test(word) ? 1 : MIN_PREFIX;
  if (chars.length < min) return [word];
  const out: string[] = [];
  for (let n = min; n <= Math.min(chars.length, MAX_PREFIX); n++) out.push(chars.slice(0, n).join(""));
  return out;
}

/** What a search word is looked up by: its beginning, as long as the index holds it. */
const lookup = (word: string) => {
  const chars = [...word];
  return chars.length <= MAX_PREFIX ? word : chars.slice(0, MAX_PREFIX).join("");
};

const keys = new Map<Buffer, Buffer>();
function indexKey(key: Buffer): Buffer {
  let derived = keys.get(key);
  if (!derived) {
    derived = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "journal-search-index", 32));
    keys.set(key, derived);
  }
  return derived;
}
const hash = (key: Buffer, userId: string, term: string) =>
  createHmac("sha256", indexKey(key))
    .update(`${userId}\u0000${term}`)
    .digest()
    .subarray(0, TERM_BYTES)
    .toString("base64url");

/** The index terms of an entry's text, hashed with the key new records are sealed with. */
export function termsOf(ring: Keyring, userId: string, texts: readonly string[]): string[] {
  const key = ring.keys.get(ring.currentId) as Buffer;
  const terms = new Set<string>();
  for (const text of texts) for (const word of wordsOf(text)) for (const term of beginnings(word)) terms.add(term);
  return [...terms].map((term) => hash(key, userId, term));
}

/**
 * For each search word, the hashes it may be indexed under (one per key in the ring, since older
 * entries keep the terms of the key that was current when they were written).
 */
export function queryTerms(ring: Keyring, userId: string, q: string): string[][] {
  const words = [...new Set(wordsOf(q))];
  return words.map((word) => [...ring.keys.values()].map((key) => hash(key, userId, lookup(word))));
}

/** True when every search word begins a word of the texts: the exact test behind the index. */
export function matches(q: string, texts: readonly string[]): boolean {
  const words = new Set(texts.flatMap(wordsOf));
  return wordsOf(q).every((wanted) => [...words].some((word) => word.startsWith(wanted)));
}
