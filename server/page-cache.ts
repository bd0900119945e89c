export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  expires: number;
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

export function isCacheableResponse(status: number, headers: Headers): boolean {
  return status === 200 && !headers.has("set-cookie") && /\bpublic\b/.test(headers.get("cache-control") ?? "");
}
