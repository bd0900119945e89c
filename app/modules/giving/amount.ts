import { DONATION_MINIMUM, DONATION_TIERS } from "./amounts";
import { GIVING_MESSAGES } from "./messages";

/*
 * What a person types as an amount, read as whole US dollars (the spec's custom amount: "read as whole number").
 * One reader for the browser's live total and the server's charge, so the two always agree; the
 * server's reading is the one charged.
 */

/** Above this, gifts are arranged by letter, not online. */
export const DONATION_MAXIMUM = 100_000;

/**
 * "25", "$25", "25.0", "25.00", "1,000" and " 25 " are 25 dollars; "12.5", "12.50", "-5", "25x" are
 * not whole dollars. Blank is null (nothing typed). A number is never guessed by dropping its point.
 */
export function readWholeDollars(text: string): { ok: true; dollars: number | null } | { ok: false; error: string } {
  const trimmed = text.trim().replace(/^\$\s*/, "");
  if (trimmed === "") return { ok: true, dollars: null };
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match?.[1] || (match[2] !== undefined && !/^0+$/.test(match[2]))) {
    return { ok: false, error: GIVING_MESSAGES.wholeDollars };
  }
  const digits = match[1].replace(/,/g, "");
  // Past nine digits the exact number no longer matters: it is above the maximum.
  return { ok: true, dollars: digits.length > 9 ? Number.MAX_SAFE_INTEGER : Number(digits) };
}

export type OfferingChoice =
  | { ok: true; dollars: number; from: "tier" | "custom" }
  | { ok: false; error: string; field: "amount" | "tier" };

/**
 * The /donation amount: a custom amount typed wins (with JavaScript, typing one deselects the tier;
 * without, a chosen tier cannot clear the field, so the label says to leave it empty for a tier);
 * otherwise the chosen tier, which must be one of ours.
 */
export function chooseOffering(tier: string, custom: string): OfferingChoice {
  const typed = readWholeDollars(custom);
  if (!typed.ok) return { ok: false, error: typed.error, field: "amount" };
  if (typed.dollars !== null) {
    if (typed.dollars < DONATION_MINIMUM) return { ok: false, error: GIVING_MESSAGES.minimum, field: "amount" };
    if (typed.dollars > DONATION_MAXIMUM) return { ok: false, error: GIVING_MESSAGES.maximum, field: "amount" };
    return { ok: true, dollars: typed.dollars, from: "custom" };
  }
  const chosen = DONATION_TIERS.find((t) => String(t.amount) === tier.trim());
  if (!chosen) return { ok: false, error: GIVING_MESSAGES.minimum, field: "amount" };
  return { ok: true, dollars: chosen.amount, from: "tier" };
}
