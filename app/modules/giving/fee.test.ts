import { describe, expect, it } from "vitest";
import { feeCents, feeOffered } from "./fee";

const paypal = { percent: 3.49, fixedCents: 49 };

describe("feeCents", () => {
  it("adds what the processor keeps of the total, so the whole gift arrives", () => {
    for (const gift of [2000, 4400, 10800, 77700, 550000, 10000000]) {
      const fee = feeCents(gift, paypal);
      const total = gift + fee;
      // What arrives after 3.49% + 49¢ of the total is the gift, or a cent more: never less.
      const kept = (total * 349) / 10_000 + 49;
      expect(total - kept, String(gift)).toBeGreaterThanOrEqual(gift);
      expect(total - kept, String(gift)).toBeLessThan(gift + 1.01);
    }
  });

  it("gives the figures a donor sees", () => {
    expect(feeCents(10800, paypal)).toBe(442);
    expect(feeCents(2000, paypal)).toBe(124);
    expect(feeCents(10800, { percent: 0, fixedCents: 30 })).toBe(30);
    expect(feeCents(10800, { percent: 2.9, fixedCents: 0 })).toBe(323);
  });

  it("adds nothing when the rate is nothing", () => {
    expect(feeOffered({ percent: 0, fixedCents: 0 })).toBe(false);
    expect(feeCents(10800, { percent: 0, fixedCents: 0 })).toBe(0);
    expect(feeOffered(paypal)).toBe(true);
  });
});
