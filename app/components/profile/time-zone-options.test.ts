import { describe, expect, it } from "vitest";
import { timeZoneOptions } from "./time-zone-options";

const zones = ["America/New_York", "Europe/Warsaw", "Asia/Shanghai"].join("\n");

describe("timeZoneOptions", () => {
  it("lists every zone, readable, with only the member's zone selected", () => {
    const html = timeZoneOptions(zones, "Europe/Warsaw");
    expect(html).toBe(
      '<option value="America/New_York">America/New York</option>' +
        '<option value="Europe/Warsaw" selected="">Europe/Warsaw</option>' +
        '<option value="Asia/Shanghai">Asia/Shanghai</option>',
    );
    expect(timeZoneOptions(zones, "Asia/Shanghai").match(/selected/g)).toHaveLength(1);
    expect(timeZoneOptions(zones, "Asia/Shanghai")).toContain('"Asia/Shanghai" selected=""');
  });

  it("selects nothing for a zone not in the list, and never marks a zone that only starts the same", () => {
    expect(timeZoneOptions(zones, "Mars/Olympus")).not.toContain("selected");
    expect(timeZoneOptions(zones, "America/New")).not.toContain("selected");
  });

  it("escapes what it writes", () => {
    const html = timeZoneOptions('A/"b"<i>&', 'A/"b"<i>&');
    expect(html).toBe(
      '<option value="A/&quot;b&quot;&lt;i&gt;&amp;" selected="">A/&quot;b&quot;&lt;i&gt;&amp;</option>',
    );
  });
});
