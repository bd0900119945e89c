import { describe, expect, it } from "vitest";
import { dayFilter, isDay, parseInstant } from "./days";

describe("days and instants from URLs", () => {
  it("takes only calendar days that exist, in the years 1900 to 9999", () => {
    for (const day of ["2026-01-31", "2024-02-29", "1900-01-01", "9999-12-31"]) expect(isDay(day), day).toBe(true);
    for (const bad of [
      "2026-99-99",
      "2026-02-31",
      "2025-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "0000-01-01",
      "1899-12-31",
      "99999-01-01",
      "+275760-09-13",
      "2026-1-1",
      "1",
      "",
      " 2026-01-31",
    ]) {
      expect(isDay(bad), bad).toBe(false);
    }
  });

  it("takes only instants as toISOString writes them", () => {
    const now = new Date("2026-03-04T05:06:07.089Z");
    expect(parseInstant(now.toISOString())).toEqual(now);
    expect(parseInstant("2026-03-04T05:06:07Z")).toEqual(new Date("2026-03-04T05:06:07Z"));
    for (const bad of [
      "0000-01-01T00:00:00.000Z",
      "2026-02-31T00:00:00.000Z",
      "2026-03-04T24:00:00.000Z",
      "2026-03-04T05:06:07.089+01:00",
      "2026-03-04",
      "1",
      "",
      null,
      undefined,
    ]) {
      expect(parseInstant(bad), String(bad)).toBeNull();
    }
  });

  it("tells an absent day filter from an invalid one", () => {
    const at = (query: string) => dayFilter(new URL(`http://x/?${query}`), "from");
    expect(at("")).toEqual({ invalid: false });
    expect(at("from=")).toEqual({ invalid: false });
    expect(at("from=2026-05-01")).toEqual({ day: "2026-05-01", invalid: false });
    expect(at("from=2026-99-99")).toEqual({ invalid: true });
  });
});
