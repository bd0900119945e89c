import PDFDocument from "pdfkit";
import { formatDate } from "~/lib/dates";
import { fontRuns, pdfBytes, registerFaces } from "../giving/statement-fonts.server";
import { type SafetySummary, summaryLines } from "./summary.server";

/**
 * The yearly safety summary as a tagged PDF 1.7 with a title: the organization, the year and a
 * table of counts (Table, TR, TH, TD in the structure tree), set in the giving statement's fonts.
 * Counts only: nothing in it names anyone.
 */
export interface SummaryPdfInput {
  organization: string;
  summary: SafetySummary;
  issuedAt: Date;
}

const PAGE = { width: 612, margin: 56 };
const NUMBER_RIGHT = PAGE.width - PAGE.margin;
const ROW = 20;

export const summaryTitle = (year: number) => `Yearly safety summary for ${year}`;

export async function safetySummaryPdf(input: SummaryPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const title = summaryTitle(input.summary.year);
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 0,
    pdfVersion: "1.7",
    tagged: true,
    lang: "en-US",
    displayTitle: true,
    info: {
      Title: title,
      Author: input.organization,
      Subject: `Ceremony days, participants and adverse reactions in ${input.summary.year}, counted`,
      CreationDate: input.issuedAt,
    },
  });
  const bytes = pdfBytes(doc);
  const { nameOf, order } = registerFaces(doc);

  let y = PAGE.margin;
  /** One line at the baseline y, run by run; `right`: x is where it ends. */
  const text = (content: string, x: number, size: number, weight: "regular" | "bold" = "regular", right = false) => {
    const runs = fontRuns(content, order[weight]);
    const width = runs.reduce(
      (sum, run) => sum + doc.font(nameOf.get(run.font) ?? "regular", size).widthOfString(run.text),
      0,
    );
    let at = right ? x - width : x;
    for (const run of runs) {
      doc.font(nameOf.get(run.font) ?? "regular", size);
      doc.text(run.text, at, y, { lineBreak: false, baseline: "alphabetic" });
      at += doc.widthOfString(run.text);
    }
  };
  const rule = () => {
    doc.markContent("Artifact", { type: "Layout" });
    doc.moveTo(PAGE.margin, y).lineTo(NUMBER_RIGHT, y).lineWidth(0.5).stroke();
    doc.endMarkedContent();
  };

  doc.addPage({ size: "LETTER", margin: 0 });
  const root = doc.struct("Document");
  doc.addStructure(root);
  const tag = (parent: PDFKit.PDFStructureElement, type: string, draw: () => void) =>
    parent.add(doc.struct(type, {}, [draw]));

  tag(root, "H1", () => text(input.organization, PAGE.margin, 18, "bold"));
  y += 28;
  tag(root, "H2", () => text(title, PAGE.margin, 13, "bold"));
  y += 18;
  tag(root, "P", () =>
    text(`From 1 January to 31 December ${input.summary.year} (UTC). Counts only: no one is named.`, PAGE.margin, 10),
  );
  y += 30;
  const table = doc.struct("Table");
  root.add(table);
  const head = doc.struct("TR");
  table.add(head);
  tag(head, "TH", () => text("What is counted", PAGE.margin, 10, "bold"));
  tag(head, "TH", () => text("Number", NUMBER_RIGHT, 10, "bold", true));
  head.end();
  y += 6;
  rule();
  y += 16;
  for (const line of summaryLines(input.summary)) {
    const row = doc.struct("TR");
    table.add(row);
    tag(row, "TD", () => text(line.label, PAGE.margin, 11));
    tag(row, "TD", () => text(String(line.count), NUMBER_RIGHT, 11, "regular", true));
    row.end();
    y += ROW;
  }
  table.end();
  y += 10;
  tag(root, "P", () => text(`Issued on ${formatDate(input.issuedAt, "UTC")}.`, PAGE.margin, 9));
  root.end();
  doc.end();
  return bytes;
}
