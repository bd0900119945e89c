import { site } from "../../lib/site";
import { formatCents } from "./amounts";

/**
 * A member's year-end giving statement as a PDF 1.4, written by hand: the document is a few
 * lines of text and rules, which does not justify a PDF library. The two standard fonts need no
 * embedding, and the content streams are left uncompressed (small, and readable in tests).
 */
export interface StatementInput {
  year: number;
  donorName: string;
  donorEmail: string;
  gifts: ReadonlyArray<{ id: number; givenAt: Date; amountCents: number; kind: "offering" | "ceremony" }>;
  issuedAt: Date;
}

// US Letter (the gifts are in US dollars), in points, with one-inch-ish margins.
const PAGE = { width: 612, height: 792, margin: 56 };
const COLUMNS = { receipt: PAGE.margin, date: 150, kind: 270, amountRight: PAGE.width - PAGE.margin };
const ROW = 18;
// Room kept under the last row of a page for the total and the closing notes.
const CLOSING = 150;

// Common typography outside Latin-1, as the nearest plain characters.
const PLAIN: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u0141": "L",
  "\u0142": "l",
};

// Calendar dates in UTC: statements cover UTC years (giftsInYear), receipts print UTC dates too.
const day = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(date);
const KIND = { offering: "Offering", ceremony: "Ceremony donation" } as const;

/**
 * Text as a PDF literal string in WinAnsiEncoding: characters outside Latin-1 lose their accents
 * or become "?" (the standard fonts have no glyphs for them), and \ ( ) are escaped.
 */
export function pdfString(text: string, max = 90): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0) ?? 63;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else if (code === 0x09 || code === 0x0a || code === 0x0d) out += " ";
    else {
      const plain = PLAIN[ch] ?? ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : "?";
    }
  }
  if (out.length > max) out = `${out.slice(0, max - 3)}...`;
  return `(${out.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

// Helvetica advance widths (1/1000 em) for what amounts contain, to right-align them.
const width = (text: string, size: number) =>
  ([...text].reduce((sum, ch) => sum + (ch === "," || ch === "." ? 278 : 556), 0) * size) / 1000;

/** Builds the pages' content streams, starting a new page whenever the next row would not fit. */
function layout(input: StatementInput): string[] {
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = 0;
  const text = (x: number, size: number, s: string, bold = false) =>
    ops.push(`BT /${bold ? "F2" : "F1"} ${size} Tf ${x} ${y} Td ${pdfString(s)} Tj ET`);
  const right = (xRight: number, size: number, s: string, bold = false) =>
    text(Math.round((xRight - width(s, size)) * 100) / 100, size, s, bold);
  const rule = () => ops.push(`0.5 w ${PAGE.margin} ${y} m ${PAGE.width - PAGE.margin} ${y} l S`);
  const newPage = () => {
    ops = [];
    pages.push(ops);
    y = PAGE.height - PAGE.margin;
    text(PAGE.margin, 18, site.name, true);
    y -= 24;
    text(PAGE.margin, 13, `Giving statement for ${input.year}`, true);
    y -= 26;
    text(PAGE.margin, 11, `Donor: ${input.donorName}`);
    y -= 15;
    text(PAGE.margin, 11, `Email: ${input.donorEmail}`);
    y -= 28;
  };
  const tableHead = () => {
    text(COLUMNS.receipt, 10, "Receipt no.", true);
    text(COLUMNS.date, 10, "Date", true);
    text(COLUMNS.kind, 10, "Kind", true);
    right(COLUMNS.amountRight, 10, "Amount (USD)", true);
    y -= 6;
    rule();
    y -= 14;
  };

  newPage();
  if (input.gifts.length === 0) {
    text(PAGE.margin, 11, `We have no record of gifts from you in ${input.year}.`);
    y -= 30;
  } else {
    tableHead();
    input.gifts.forEach((gift, i) => {
      // The last row must leave room for the closing block; others only for the bottom margin.
      const need = i === input.gifts.length - 1 ? CLOSING : ROW;
      if (y - need < PAGE.margin) {
        newPage();
        tableHead();
      }
      text(COLUMNS.receipt, 10, String(gift.id));
      text(COLUMNS.date, 10, day(gift.givenAt));
      text(COLUMNS.kind, 10, KIND[gift.kind]);
      right(COLUMNS.amountRight, 10, formatCents(gift.amountCents));
      y -= ROW;
    });
    y += 12;
    rule();
    y -= 16;
    const total = input.gifts.reduce((sum, g) => sum + g.amountCents, 0);
    text(COLUMNS.kind, 11, `Total (${input.gifts.length} ${input.gifts.length === 1 ? "gift" : "gifts"})`, true);
    right(COLUMNS.amountRight, 11, formatCents(total), true);
    y -= 30;
  }
  for (const line of [
    "No goods or services were provided in exchange for these contributions.",
    "Paid sessions are not gifts and are not listed. Refunded gifts are not listed.",
    `Issued on ${day(input.issuedAt)} by ${site.name}.`,
  ]) {
    text(PAGE.margin, 10, line);
    y -= 15;
  }
  // Page numbers, once the count is known.
  return pages.map((page, i) => {
    y = PAGE.margin - 20;
    ops = page;
    right(COLUMNS.amountRight, 9, `Page ${i + 1} of ${pages.length}`);
    return page.join("\n");
  });
}

/** The statement as PDF bytes (Latin-1 throughout, so string length is byte length). */
export function givingStatementPdf(input: StatementInput): Uint8Array<ArrayBuffer> {
  const streams = layout(input);
  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then each page and its content stream.
  const pageIds = streams.map((_, i) => 6 + i * 2);
  const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const stamp = input.issuedAt.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`,
    font("Helvetica"),
    font("Helvetica-Bold"),
    `<< /Title ${pdfString(`Giving statement for ${input.year}`)} /Author ${pdfString(site.name)} /CreationDate (D:${stamp}Z) >>`,
    ...streams.flatMap((content, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${(pageIds[i] ?? 0) + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ]),
  ];
  // The comment's high bytes tell transfer tools the file is binary.
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, generation, space, flag, space, newline.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(Buffer.from(out, "latin1"));
}
