/** The top of PostgreSQL's `integer` (our serial ids): a larger number makes the query fail, not miss. */
const MAX_SERIAL = 2_147_483_647;

/**
 * A serial id from a URL or form: digits only, 1 to 2^31-1; anything else is null. `Number(x)` alone
 * lets 1e20, -1.5e308 and 0x10 through, and the database then refuses the query (a 500, not a 404).
 */
export function serialId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_SERIAL ? id : null;
}

/** The keyset cursor of console lists (`?before=<id>`); an unusable value starts from the top. */
export function beforeCursor(url: URL): number | undefined {
  return serialId(url.searchParams.get("before")) ?? undefined;
}
