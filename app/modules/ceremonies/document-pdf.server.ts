import PDFDocument from "pdfkit";
import { formatDateTime } from "~/lib/dates";
import { fontRuns, pdfBytes, registerFaces } from "../giving/statement-fonts.server";
import type { DocumentLine } from "./document-lines";

/**
 * A signed readiness document as a tagged PDF: what the member answered and the signature (typed
 * name, version, time, account, address). Set in the giving statement's fonts, run by run, so a
 * name or an answer in Polish, Chinese or Korean prints as written.
 */
export interface SignedDocumentInput {
  organization: string;
  title: string;
  version: string;
  lines: ReadonlyArray<DocumentLine>;
  signedName: string;
  signedAt: Date;
  account: string;
  address: string | null;
  zone: string;
}

const MARGIN = 56;
const WIDTH = 612 - 2 * MARGIN;

export async function signedDocumentPdf(input: SignedDocumentInput): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    pdfVersion: "1.7",
    tagged: true,
    lang: "en-US",
    displayTitle: true,
    info: { Title: `${input.title}, signed`, Author: input.organization, CreationDate: input.signedAt },
  });
  const bytes = pdfBytes(doc);
  const { nameOf, order } = registerFaces(doc);

  const root = doc.struct("Document");
  doc.addStructure(root);
  /** A paragraph, wrapped to the page, its runs each in the font that has their glyphs. */
  const paragraph = (type: string, content: string, size: number, weight: "regular" | "bold" = "regular", gap = 6) => {
    root.add(
      doc.struct(type, {}, [
        () => {
          const runs = fontRuns(content, order[weight]);
          runs.forEach((run, i) => {
            doc.font(nameOf.get(run.font) ?? "regular", size);
            doc.text(run.text, { width: WIDTH, continued: i < runs.length - 1 });
          });
        },
      ]),
    );
    doc.moveDown(gap / size);
  };

  paragraph("H1", input.organization, 16, "bold");
  paragraph("H2", `${input.title} (version ${input.version})`, 13, "bold", 14);
  for (const line of input.lines) {
    paragraph("P", line.label, 10, "bold", 2);
    paragraph("P", line.value, 11, "regular", 10);
  }
  doc.moveDown(1);
  paragraph("H2", "Signature", 13, "bold");
  paragraph("P", `Signed by typing the name: ${input.signedName}`, 11);
  paragraph("P", `On ${formatDateTime(input.signedAt, input.zone)} (${input.zone})`, 11);
  paragraph("P", `From the account ${input.account}${input.address ? `, at the address ${input.address}` : ""}`, 11);
  paragraph(
    "P",
    "You may withdraw this document from your ceremony page until the day begins. This copy is yours; the congregation keeps the signed record sealed.",
    9,
  );
  doc.end();
  return bytes;
}
