import { dayFilter } from "~/lib/dates";
import type { GiftFilter } from "./gifts.server";

const DAY_MS = 86_400_000;

/**
 * The console's giving filter (from and to are whole days, UTC; `to` includes its day), read alike
 * by list and CSV. `invalid`: a date that is not one (lib/days), which both answer with a 400.
 */
export function giftFilterFrom(url: URL): { filter: GiftFilter; invalid: boolean } {
  const from = dayFilter(url, "from");
  const to = dayFilter(url, "to");
  const kind = url.searchParams.get("kind");
  return {
    filter: {
      from: from.day ? new Date(`${from.day}T00:00:00Z`) : undefined,
      to: to.day ? new Date(new Date(`${to.day}T00:00:00Z`).getTime() + DAY_MS) : undefined,
      kind: kind === "offering" || kind === "ceremony" ? kind : undefined,
    },
    invalid: from.invalid || to.invalid,
  };
}
