import { describe, expect, it } from "vitest";
import { afterSession, LOW_SCORE, VERY_LOW_SCORE, WHO5_ITEMS, WHO5_SCALE, who5Percent } from "./who5";

describe("the WHO-5 Wellbeing Index", () => {
  it("has five statements on a six-point scale, 0 to 5 points", () => {
    expect(WHO5_ITEMS).toHaveLength(5);
    expect(WHO5_SCALE.map((s) => s.points)).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it("is a percentage: the raw score (0 to 25) times four, with the published cut-offs", () => {
    expect(who5Percent([5, 5, 5, 5, 5])).toBe(100);
    expect(who5Percent([0, 0, 0, 0, 0])).toBe(0);
    expect(who5Percent([3, 2, 3, 2, 2])).toBe(48);
    // Below 13 raw (52 %) suggests poor wellbeing; 7 raw (28 %) or below calls for a closer look.
    expect(who5Percent([3, 3, 3, 2, 2]) < LOW_SCORE).toBe(false);
    expect(who5Percent([2, 2, 2, 2, 2]) < LOW_SCORE).toBe(true);
    expect(who5Percent([2, 2, 1, 1, 1]) <= VERY_LOW_SCORE).toBe(true);
    expect(who5Percent([2, 2, 2, 1, 1]) <= VERY_LOW_SCORE).toBe(false);
  });
});

describe("a check-in's place after the session", () => {
  it("is said in days, weeks or months, as people say it", () => {
    expect(afterSession(1)).toBe("1 day");
    expect(afterSession(2)).toBe("2 days");
    expect(afterSession(7)).toBe("1 week");
    expect(afterSession(14)).toBe("2 weeks");
    expect(afterSession(30)).toBe("1 month");
    expect(afterSession(90)).toBe("3 months");
    expect(afterSession(365)).toBe("12 months");
    expect(afterSession(45)).toBe("45 days");
  });
});
