import PDFDocument from "pdfkit";
import { formatDate } from "~/lib/dates";
import { formatCents } from "./amounts";
import { type FontRun, fontRuns, pdfBytes, registerFaces, type StatementFont } from "./statement-fonts.server";

/**
 * A member's year-end giving statement (a tax document) as a tagged PDF 1.7, made with pdfkit.
 * Every text is set in embedded subsets of Noto Sans, Droid Sans Fallback and Nanum Gothic
 * (statement-fonts.server.ts), so a donor's name prints as written in any of Latin, Greek,
 * Cyrillic, Chinese, Japanese or Korean script; screen readers get the headings, paragraphs and
 * the table of gifts from the structure tree, and skip page furniture marked as artifacts.
 */
export interface StatementInput {
  year: number;
  donorName: string;
  donorEmail: string;
  /** At least one gift: a year without any has no statement (the route answers a page). */
  gifts: ReadonlyArray<{
    id: number;
    givenAt: Date;
    /** Everything given, the covered fee included; `feeCents` of it covered the processor's fee. */
    amountCents: number;
    feeCents: number;
    kind: "offering" | "ceremony";
    /** How it was given (giftMethodLabel): "Cash", "Cheque no. 1042", "Online, monthly"… */
    method: string;
  }>;
  issuedAt: Date;
  /** From the settings ORG_LEGAL_NAME and ORG_TAX_ID (an EIN); without a tax id that line is left out. */
  organization: { legalName: string; taxId?: string };
}

// US Letter (the gifts are in US dollars), in points, with one-inch-ish margins; y grows downwards
// and is a baseline.
const PAGE = { width: 612, height: 792, margin: 56 };
const COLUMNS = { receipt: PAGE.margin, date: 150, kind: 270, amountRight: PAGE.width - PAGE.margin };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
// The kind and method column, up to the widest amount ("$100,000.00").
const KIND_WIDTH = COLUMNS.amountRight - COLUMNS.kind - 70;
const ROW = 18;
// Room kept under the last row of a page for the total and the closing notes.
const CLOSING = 150;

// Calendar dates in UTC: statements cover UTC years (giftsInYear), receipts print UTC dates too.
const day = (date: Date) => formatDate(date, "UTC");
const KIND = { offering: "Offering", ceremony: "Ceremony donation" } as const;

type Weight = "regular" | "bold";
interface Place {
  x: number;
  size: number;
  weight?: Weight;
  /** "right": x is where the text ends. */
  align?: "left" | "right";
  /** Wider text is cut with an ellipsis, or, with shrink, set smaller first (down to 9 pt) so a name prints whole. */
  maxWidth?: number;
  shrink?: boolean;
}

/** The statement as PDF bytes. */
export async function givingStatementPdf(input: StatementInput): Promise<Uint8Array<ArrayBuffer>> {
  const { legalName, taxId } = input.organization;
  const title = `Giving statement for ${input.year}`;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    pdfVersion: "1.7",
    tagged: true,
    lang: "en-US",
    displayTitle: true,
    info: {
      Title: title,
      Author: legalName,
      Subject: `Gifts received from ${input.donorName} in ${input.year}`,
      Creator: legalName,
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  const bytes = pdfBytes(doc);
  const { nameOf, order } = registerFaces(doc);

  const runWidth = (runs: FontRun<StatementFont>[], size: number) =>
    runs.reduce((sum, run) => sum + doc.font(nameOf.get(run.font) ?? "regular", size).widthOfString(run.text), 0);

  let y = 0;
  /** Sets one line of text at the current baseline, font run by font run. */
  const text = (content: string, place: Place) => {
    const weight = place.weight ?? "regular";
    let size = place.size;
    let runs = fontRuns(content, order[weight]);
    let width = runWidth(runs, size);
    const max = place.maxWidth ?? Number.POSITIVE_INFINITY;
    if (place.shrink && width > max) {
      size = Math.max(9, Math.floor(((size * max) / width) * 10) / 10);
      width = runWidth(runs, size);
    }
    if (width > max) {
      const chars = [...content.normalize("NFC")];
      while (chars.length > 1 && width > max) {
        chars.pop();
        runs = fontRuns(`${chars.join("").trimEnd()}…`, order[weight]);
        width = runWidth(runs, size);
      }
    }
    let x = place.align === "right" ? place.x - width : place.x;
    for (const run of runs) {
      doc.font(nameOf.get(run.font) ?? "regular", size);
      doc.text(run.text, x, y, { lineBreak: false, baseline: "alphabetic" });
      x += doc.widthOfString(run.text);
    }
  };
  const artifact = (type: "Pagination" | "Layout", draw: () => void) => {
    doc.markContent("Artifact", { type });
    draw();
    doc.endMarkedContent();
  };
  const rule = () =>
    artifact("Layout", () => {
      doc
        .moveTo(PAGE.margin, y)
        .lineTo(PAGE.width - PAGE.margin, y)
        .lineWidth(0.5)
        .stroke();
    });

  const root = doc.struct("Document");
  doc.addStructure(root);
  /** Adds a structure element whose content is what draw sets. */
  const tag = (parent: PDFKit.PDFStructureElement, type: string, draw: () => void) =>
    parent.add(doc.struct(type, {}, [draw]));

  /** The heading of every page; on pages after the first it repeats what a reader already heard. */
  const newPage = () => {
    doc.addPage({ size: "LETTER", margin: 0 });
    const first = doc.bufferedPageRange().count === 1;
    const part = (type: string, draw: () => void) => (first ? tag(root, type, draw) : artifact("Pagination", draw));
    y = PAGE.margin;
    part("H1", () => text(legalName, { x: PAGE.margin, size: 18, weight: "bold", maxWidth: TEXT_WIDTH, shrink: true }));
    if (taxId) {
      y += 16;
      part("P", () => text(`Employer identification number (EIN): ${taxId}`, { x: PAGE.margin, size: 10 }));
    }
    y += 24;
    part("H2", () => text(title, { x: PAGE.margin, size: 13, weight: "bold" }));
    y += 26;
    part("P", () =>
      text(`Donor: ${input.donorName}`, { x: PAGE.margin, size: 11, maxWidth: TEXT_WIDTH, shrink: true }),
    );
    y += 15;
    part("P", () => text(`Email: ${input.donorEmail}`, { x: PAGE.margin, size: 11, maxWidth: TEXT_WIDTH }));
    y += 28;
  };

  const HEADS: ReadonlyArray<readonly [string, Place]> = [
    ["Receipt no.", { x: COLUMNS.receipt, size: 10, weight: "bold" }],
    ["Date", { x: COLUMNS.date, size: 10, weight: "bold" }],
    ["Kind and method", { x: COLUMNS.kind, size: 10, weight: "bold" }],
    ["Amount (USD)", { x: COLUMNS.amountRight, size: 10, weight: "bold", align: "right" }],
  ];
  const tableHead = (first: boolean) => {
    if (first) {
      const row = doc.struct("TR");
      table.add(row);
      for (const [content, place] of HEADS) tag(row, "TH", () => text(content, place));
      row.end();
    } else {
      // The column heads repeated on later pages are page furniture: the table has them once.
      artifact("Pagination", () => {
        for (const [content, place] of HEADS) text(content, place);
      });
    }
    y += 6;
    rule();
    y += 14;
  };

  newPage();
  // After the first page's heading: the structure's order is the reading order.
  const table = doc.struct("Table");
  root.add(table);
  tableHead(true);
  input.gifts.forEach((gift, i) => {
    // The last row must leave room for the closing block; others only for the bottom margin.
    const need = i === input.gifts.length - 1 ? CLOSING : ROW;
    if (y + need > PAGE.height - PAGE.margin) {
      newPage();
      tableHead(false);
    }
    const row = doc.struct("TR");
    table.add(row);
    tag(row, "TD", () => text(String(gift.id), { x: COLUMNS.receipt, size: 10 }));
    tag(row, "TD", () => text(day(gift.givenAt), { x: COLUMNS.date, size: 10 }));
    // A covered fee was given too: the row says how much of its amount it was.
    const fee = gift.feeCents > 0 ? ` (with ${formatCents(gift.feeCents)} fee)` : "";
    const kind = `${KIND[gift.kind]}, ${gift.method}${fee}`;
    tag(row, "TD", () => text(kind, { x: COLUMNS.kind, size: 10, maxWidth: KIND_WIDTH, shrink: true }));
    tag(row, "TD", () => text(formatCents(gift.amountCents), { x: COLUMNS.amountRight, size: 10, align: "right" }));
    row.end();
    y += ROW;
  });
  table.end();
  y -= 12;
  rule();
  y += 16;
  const total = input.gifts.reduce((sum, g) => sum + g.amountCents, 0);
  tag(root, "P", () => {
    text(`Total (${input.gifts.length} ${input.gifts.length === 1 ? "gift" : "gifts"})`, {
      x: COLUMNS.kind,
      size: 11,
      weight: "bold",
    });
    text(formatCents(total), { x: COLUMNS.amountRight, size: 11, weight: "bold", align: "right" });
  });
  y += 30;
  const fees = input.gifts.reduce((sum, g) => sum + g.feeCents, 0);
  for (const line of [
    ...(fees > 0
      ? [`The total includes ${formatCents(fees)} you gave to cover payment processing fees; it was given too.`]
      : []),
    "No goods or services were provided in exchange for these contributions.",
    "Paid sessions are not gifts and are not listed. Refunded gifts are not listed.",
    `Issued on ${day(input.issuedAt)} by ${legalName}${legalName.endsWith(".") ? "" : "."}`,
  ]) {
    tag(root, "P", () => text(line, { x: PAGE.margin, size: 10, maxWidth: TEXT_WIDTH, shrink: true }));
    y += 15;
  }
  root.end();

  // Page numbers, once the count is known.
  const { count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(i);
    y = PAGE.height - PAGE.margin + 20;
    artifact("Pagination", () =>
      text(`Page ${i + 1} of ${count}`, { x: COLUMNS.amountRight, size: 9, align: "right" }),
    );
  }
  doc.end();
  return bytes;
}
