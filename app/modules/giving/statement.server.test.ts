import { describe, expect, it } from "vitest";
import { readPdf } from "../../../tests/support/pdf";
import { givingStatementPdf } from "./statement.server";

const gift = (i: number) => ({
  id: 1000 + i,
  givenAt: new Date(Date.UTC(2024, i % 12, 1 + (i % 28))),
  amountCents: 2500 + i * 100,
  feeCents: 0,
  kind: i % 3 === 0 ? ("ceremony" as const) : ("offering" as const),
  method: "Online",
});
const base = {
  year: 2024,
  donorName: "Żółć 王小明",
  donorEmail: "donor@example.org",
  issuedAt: new Date(Date.UTC(2025, 0, 15)),
};

describe("givingStatementPdf", () => {
  it("leaves the tax id line out when none is set, and never makes one up", async () => {
    const pdf = await givingStatementPdf({
      ...base,
      gifts: [gift(1)],
      organization: { legalName: "Sacred Path Congregation" },
    });
    const { text, info } = await readPdf(pdf);
    expect(text.split("\n").slice(0, 3)).toEqual([
      "Sacred Path Congregation",
      "Giving statement for 2024",
      "Donor: Żółć 王小明",
    ]);
    expect(text).not.toMatch(/EIN|identification/);
    expect(text).toContain("Total (1 gift) $26.00");
    expect(text).toContain("Issued on January 15, 2025 by Sacred Path Congregation.");
    expect(info.Author).toBe("Sacred Path Congregation");
  });

  it("shows a covered fee on its gift's row and says what the total holds of fees", async () => {
    const pdf = await givingStatementPdf({
      ...base,
      gifts: [gift(1), { ...gift(2), amountCents: 11242, feeCents: 442 }],
      organization: { legalName: "Sacred Path Congregation" },
    });
    const { text } = await readPdf(pdf);
    expect(text).toContain("Offering, Online (with $4.42 fee) $112.42");
    expect(text).toContain("Total (2 gifts) $138.42");
    expect(text).toContain("The total includes $4.42 you gave to cover payment processing fees; it was given too.");
  });

  it("breaks pages under many gifts, repeating the heading and column heads, the total on the last", async () => {
    const gifts = Array.from({ length: 70 }, (_, i) => gift(i));
    const pdf = await givingStatementPdf({
      ...base,
      gifts,
      organization: { legalName: "Sacred Path Congregation, Inc.", taxId: "12-3456789" },
    });
    const { pages, roles } = await readPdf(pdf);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      const lines = page.split("\n");
      expect(lines.slice(0, 6)).toEqual([
        "Sacred Path Congregation, Inc.",
        "Employer identification number (EIN): 12-3456789",
        "Giving statement for 2024",
        "Donor: Żółć 王小明",
        "Email: donor@example.org",
        "Receipt no. Date Kind and method Amount (USD)",
      ]);
      expect(lines.at(-1)).toBe(`Page ${i + 1} of 3`);
    });
    // Every gift once, in order, across the pages.
    const rows = pages.flatMap((page) => page.split("\n").filter((line) => /^10\d\d /.test(line)));
    expect(rows.map((line) => Number(line.split(" ")[0]))).toEqual(gifts.map((g) => g.id));
    expect(rows[0]).toBe("1000 January 1, 2024 Ceremony donation, Online $25.00");
    const total = gifts.reduce((sum, g) => sum + g.amountCents, 0) / 100;
    expect(pages[2]).toContain(`Total (70 gifts) $${total.toLocaleString("en-US")}.00`);
    expect(pages.slice(0, 2).join("\n")).not.toContain("Total (");
    // The repeated heading and column heads are page furniture: the structure has them once, one
    // table of a head row and a row per gift (pdf.js gives a page the whole table it has rows of).
    expect(roles[0]?.filter((role) => role === "H1")).toHaveLength(1);
    expect(roles[1]?.filter((role) => role === "H1" || role === "H2")).toHaveLength(0);
    const last = roles[2] ?? [];
    expect(last.filter((role) => role === "Table")).toHaveLength(1);
    expect(last.filter((role) => role === "TH")).toHaveLength(4);
    expect(last.filter((role) => role === "TR")).toHaveLength(71);
  });

  it("says how each gift was given: cash, a cheque and its number, online, monthly", async () => {
    const pdf = await givingStatementPdf({
      ...base,
      gifts: [
        { ...gift(1), method: "Cash" },
        { ...gift(2), method: "Cheque no. 1042" },
        { ...gift(4), method: "Online, monthly", amountCents: 4610, feeCents: 210 },
      ],
      organization: { legalName: "Sacred Path Congregation" },
    });
    const { text } = await readPdf(pdf);
    expect(text).toContain("1001 February 2, 2024 Offering, Cash $26.00");
    expect(text).toContain("1002 March 3, 2024 Offering, Cheque no. 1042 $27.00");
    expect(text).toContain("1004 May 5, 2024 Offering, Online, monthly (with $2.10 fee) $46.10");
  });

  it("sets a long name smaller, then cuts it, rather than running off the page", async () => {
    const pdf = await givingStatementPdf({
      ...base,
      donorName: "Αλέξανδρος ".repeat(20).trim(),
      gifts: [gift(1)],
      organization: { legalName: "Sacred Path Congregation" },
    });
    const donor = (await readPdf(pdf)).text.split("\n")[2] ?? "";
    expect(donor.startsWith("Donor: Αλέξανδρος Αλέξανδρος")).toBe(true);
    expect(donor.endsWith("…")).toBe(true);
  });
});
