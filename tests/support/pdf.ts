import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** What a reader of a PDF gets: each page's text (pdf.js, as a viewer extracts it) and the document info. */
export async function readPdf(bytes: Uint8Array) {
  // pdf.js takes the buffer over: give it a copy.
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    // The structure roles a screen reader meets, page by page, in reading order.
    const roles: string[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const walk = (node: unknown): string[] => {
        if (!node || typeof node !== "object" || !("children" in node)) return [];
        const { role, children } = node as { role: string; children: unknown[] };
        return [role, ...children.flatMap(walk)];
      };
      roles.push(walk(await page.getStructTree()));
      const content = await page.getTextContent();
      // Items on one line joined as they stand, lines apart by a line break.
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
          .join("")
          .replace(/[ \t]+\n/g, "\n"),
      );
    }
    const { info, metadata } = await pdf.getMetadata();
    return { pages, roles, text: pages.join("\n"), info: info as Record<string, unknown>, metadata };
  } finally {
    await task.destroy();
  }
}

/** `qpdf --check` on the bytes: its exit code and what it printed (qpdf is installed in CI). */
export async function qpdfCheck(bytes: Uint8Array): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "qpdf-"));
  try {
    const file = path.join(dir, "check.pdf");
    await writeFile(file, bytes);
    try {
      const { stdout, stderr } = await promisify(execFile)("qpdf", ["--check", file]);
      return { ok: true, output: stdout + stderr };
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      return { ok: false, output: stdout + stderr };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's uncompressed dictionaries as text (pdfkit compresses only streams). */
export const pdfSyntax = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
