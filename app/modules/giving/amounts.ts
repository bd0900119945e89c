/** The spec's giving minimums and defaults (whole US dollars). */
export const DONATION_MINIMUM = 20;
export const CHECKOUT_MINIMUM = 5500;
export const CHECKOUT_DEFAULT = 6800;

/** The /donation page's tiers (the spec's donation presets); $108 is chosen at first. */
export const DONATION_TIERS = [
  { amount: 44, label: "A Blessing" },
  { amount: 108, label: "Support a Seeker" },
  { amount: 333, label: "Sponsor a Ceremony" },
  { amount: 777, label: "Sacred Patronage" },
] as const;
export const DEFAULT_TIER = 108;

/**
 * The ceremony donation's presets. SPEC.md lists $44-$777 presets beside a $5,500 minimum; those
 * amounts are the /donation tiers, and these start at the minimum (docs/decisions/006).
 */
export const CHECKOUT_PRESETS = [
  { amount: 5500, label: "Sliding-scale minimum" },
  { amount: 6800, label: "Suggested donation" },
  { amount: 8500, label: "Support a Seeker" },
  { amount: 10000, label: "Sacred Patronage" },
] as const;

export const formatUsd = (dollars: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(dollars);
export const formatCents = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
