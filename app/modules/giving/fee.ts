/**
 * "Cover the fee" (issue 34): what a donor adds so that the congregation receives the whole gift
 * after the processor keeps its part. The processor keeps `percent` of the total charged plus a
 * fixed part, so the total T satisfies T - (T * percent / 100 + fixed) = gift, and the fee is what
 * T adds, rounded up to the cent (a cent too much for the congregation, never a cent too little).
 * The browser's line and the server's charge both come from here; the rate is the GIFT_FEE_*
 * settings (README "Environment").
 */
export interface FeeRate {
  percent: number;
  fixedCents: number;
}

/** Whether the box is offered at all: a rate of nothing adds nothing. */
export const feeOffered = (rate: FeeRate) => rate.percent > 0 || rate.fixedCents > 0;

export function feeCents(giftCents: number, rate: FeeRate): number {
  if (!feeOffered(rate) || giftCents <= 0) return 0;
  // Hundredths of a percent as integers, so 3.49 is 349 and no binary fraction rounds the division.
  const basisPoints = Math.round(rate.percent * 100);
  const total = Math.ceil(((giftCents + rate.fixedCents) * 10_000) / (10_000 - basisPoints));
  return total - giftCents;
}
