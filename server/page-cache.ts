import { randomUUID } from "node:crypto";
import { FORM_KEY_FIELD } from "../app/forms/forms";

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  expires: number;
  /** Byte offsets of the forms' one-time keys in `body` (see withFreshKeys). */
  keyOffsets: number[];
  /** A page without forms, encoded once per encoding asked for (page-cache-hit.ts). */
  encoded?: Partial<Record<"br" | "gzip", Promise<Buffer>>>;
}

const KEY_INPUT = new RegExp(`<input\\b[^>]*\\bname="${FORM_KEY_FIELD}"[^>]*>`, "g");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID_LENGTH = 36;

/** Where a page's rendered one-time form keys sit: each a random UUID in an input's value. */
export function formKeyOffsets(body: Buffer): number[] {
  // latin1 keeps one character per byte, so a match's index is its byte offset.
  const html = body.toString("latin1");
  const offsets: number[] = [];
  for (const input of html.matchAll(KEY_INPUT)) {
    const value = input[0].indexOf('value="');
    if (value < 0) continue;
    const start = input.index + value + 'value="'.length;
    if (UUID.test(html.slice(start, start + UUID_LENGTH))) offsets.push(start);
  }
  return offsets;
}

/**
 * The cached page with a key of its own in each form. A form's key stands for one visitor's
 * submission (docs/decisions/008): shared, a second visitor sending the same visible fields would be
 * answered with the first one's result (their payment's approval page). Every hit gets new keys.
 */
export function withFreshKeys(page: Pick<CachedPage, "body" | "keyOffsets">): Buffer {
  if (page.keyOffsets.length === 0) return page.body;
  const body = Buffer.from(page.body);
  for (const offset of page.keyOffsets) body.write(randomUUID(), offset, UUID_LENGTH, "latin1");
  return body;
}

/**
 * Whole-page cache for anonymous visitors (no cookies). Only responses that declare
 * themselves `public` are stored, and only in this process: losing it costs a re-render.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expires <= now) {
      this.pages.delete(key);
      return undefined;
    }
    // Refresh recency: Map iteration order is insertion order, so re-insert.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: Omit<CachedPage, "expires">, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    this.pages.delete(key);
    this.pages.set(key, { ...page, expires: now + this.ttlMs });
    while (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
  }

  clear(): void {
    this.pages.clear();
  }
}

/** The cache's key: anonymous reads (no cookie, no credentials) of a path and its query. */
export function cacheKeyOf(req: {
  method: string;
  originalUrl: string;
  headers: Record<string, unknown>;
}): string | null {
  const anonymous = !req.headers.cookie && !req.headers.authorization;
  return (req.method === "GET" || req.method === "HEAD") && anonymous ? req.originalUrl : null;
}

export function isCacheableResponse(status: number, headers: Headers): boolean {
  return status === 200 && !headers.has("set-cookie") && /\bpublic\b/.test(headers.get("cache-control") ?? "");
}
