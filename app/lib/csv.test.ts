import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvResponse } from "./csv";

async function* rows(list: string[][]) {
  for (const row of list) yield row;
}

describe("CSV downloads (lib/csv)", () => {
  it("neutralises formulas but keeps phone numbers and signed amounts as typed", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("-A1")).toBe("'-A1");
    expect(csvCell("+1 212 555 0199")).toBe("+1 212 555 0199");
    expect(csvCell("+44 (20) 7946-0958")).toBe("+44 (20) 7946-0958");
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell("Zoë")).toBe("Zoë");
  });

  it("writes UTF-8 with a byte-order mark and CRLF records that a strict parser reads back exactly", async () => {
    const table = [
      ["name", "phone", "note"],
      ["Zoë Łukasiewicz", "+1 212 555 0199", 'She said "hello",\nthen left'],
      ["王小明", "", "=1+1"],
    ];
    const bytes = new Uint8Array(await csvResponse(rows(table), "t").arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(
      text
        .replace(/"[^"]*"/g, "")
        .split("\n")
        .every((line, i, all) => i === all.length - 1 || line.endsWith("\r")),
    ).toBe(true);
    const parsed = parse(text, { bom: true, record_delimiter: "\r\n", relax_quotes: false, relax_column_count: false });
    expect(parsed).toEqual([table[0], table[1], ["王小明", "", "'=1+1"]]);
  });

  it("sends only the byte-order mark for an empty list", async () => {
    expect([...new Uint8Array(await csvResponse(rows([]), "t").arrayBuffer())]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
