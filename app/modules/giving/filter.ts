import type { GiftFilter } from "./gifts.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The console's giving filter (from and to are whole days, UTC; `to` includes its day), read alike by list and CSV. */
export function giftFilterFrom(url: URL): GiftFilter {
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const kind = url.searchParams.get("kind");
  return {
    from: DAY.test(from) ? new Date(`${from}T00:00:00Z`) : undefined,
    to: DAY.test(to) ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
    kind: kind === "offering" || kind === "ceremony" ? kind : undefined,
  };
}
