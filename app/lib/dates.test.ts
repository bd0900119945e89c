import { describe, expect, it } from "vitest";
import {
  addDays,
  dayFilter,
  dayIn,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayFull,
  formatDayLong,
  formatDayShort,
  formatMinutesSeconds,
  formatMonth,
  formatSlot,
  formatTime,
  formatWait,
  formatWeekday,
  hourIn,
  isDay,
  knownZone,
  monthDays,
  parseInstant,
  shiftMonth,
  zonedInstant,
  zoneName,
} from "./dates";

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

describe("slot times", () => {
  it("turn New York wall-clock times into instants across daylight-saving changes", () => {
    expect(zonedInstant("2026-10-31", "10:00", "America/New_York").toISOString()).toBe("2026-10-31T14:00:00.000Z");
    expect(zonedInstant("2026-11-01", "10:00", "America/New_York").toISOString()).toBe("2026-11-01T15:00:00.000Z");
    expect(zonedInstant("2027-03-14", "09:00", "America/New_York").toISOString()).toBe("2027-03-14T13:00:00.000Z");
    expect(zonedInstant("2027-03-13", "20:00", "America/New_York").toISOString()).toBe("2027-03-14T01:00:00.000Z");
  });

  it("name the same instant for a visitor in Berlin and one in Los Angeles", () => {
    const slot = zonedInstant("2026-11-01", "10:00", "America/New_York");
    expect(formatSlot(slot, "Europe/Berlin")).toBe("Sun, Nov 1, 2026, 4:00 PM GMT+1");
    expect(formatSlot(slot, "America/Los_Angeles")).toBe("Sun, Nov 1, 2026, 7:00 AM PST");
    expect(formatSlot(slot, "America/New_York")).toBe("Sun, Nov 1, 2026, 10:00 AM EST");
  });
});

describe("day arithmetic", () => {
  it("adds days and months across month, year and leap-day ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(monthDays("2026-02")).toMatchObject({ leading: 0 });
    expect(monthDays("2024-02").days.at(-1)).toBe("2024-02-29");
  });

  it("reads the day and hour where the reader lives", () => {
    const at = new Date("2026-11-24T15:00:00Z");
    expect(dayIn(at, "Pacific/Kiritimati")).toBe("2026-11-25");
    expect(hourIn("America/New_York", at)).toBe(10);
    expect(knownZone("Europe/Warsaw")).toBe("Europe/Warsaw");
    expect(knownZone("Mars/Base")).toBeNull();
  });
});

describe("printed dates", () => {
  it("print each format as the pages and mails show it", () => {
    const at = new Date("2026-11-24T15:00:00Z");
    expect(formatDateTime(at, "America/New_York")).toBe("Nov 24, 2026, 10:00 AM EST");
    expect(formatDate(at, "UTC")).toBe("November 24, 2026");
    expect(formatSlot(at, "America/New_York")).toBe("Tue, Nov 24, 2026, 10:00 AM EST");
    expect(formatTime(at, "America/New_York")).toBe("10:00 AM");
    expect(formatWeekday(at, "Asia/Tokyo")).toBe("Wed");
    expect(zoneName("America/New_York", at)).toBe("Eastern Standard Time");
    expect(formatMonth("2026-11")).toBe("November 2026");
    expect(formatDay("2025-07-22")).toBe("July 22, 2025");
    expect(formatDayShort("2026-11-24")).toBe("Tue, Nov 24");
    expect(formatDayLong("2026-11-24")).toBe("Tuesday, November 24");
    expect(formatDayFull("2026-11-24")).toBe("Tuesday, November 24, 2026");
    expect(formatMinutesSeconds(125)).toBe("2:05");
  });
});

describe("formatWait", () => {
  it("says a wait in whole minutes, rounded up, and in hours from two hours on", () => {
    expect([1, 59, 60, 61, 1500, 7140, 7200, 86_399].map(formatWait)).toEqual([
      "1 minute",
      "1 minute",
      "1 minute",
      "2 minutes",
      "25 minutes",
      "119 minutes",
      "2 hours",
      "24 hours",
    ]);
  });
});
