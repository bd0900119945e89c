import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The fonts the giving statement embeds (assets/fonts/README.md), and the split of a text into
 * runs by which of them has a glyph for each character: no one font covers Latin, Greek,
 * Cyrillic, Chinese, Japanese and Korean names.
 */

/** What the statement needs of a font: its glyph coverage (fontkit's Font has this and more). */
export interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

export interface FontRun<F> {
  font: F;
  text: string;
}

// Characters that belong to the character before them: combining marks (variation selectors too) and joiners.
const ATTACHED = /^(?:\p{M}|\u200c|\u200d)$/u;

/**
 * Splits text into consecutive runs, each set in the first font (in the given order of
 * preference) that has a glyph for its characters. Combining marks stay with the character they
 * mark, and a space stays in the run it is in when that font has one, so "王 小明" is one run.
 * A character no font has goes to the first font, which draws its .notdef box: visible, never an
 * error. Control characters (tabs, line breaks) print as spaces.
 */
export function fontRuns<F extends GlyphCoverage>(text: string, fonts: readonly [F, ...F[]]): FontRun<F>[] {
  const runs: FontRun<F>[] = [];
  for (const ch of text.normalize("NFC").replace(/\p{Cc}/gu, " ")) {
    const code = ch.codePointAt(0) ?? 0x20;
    const last = runs.at(-1);
    if (last && (ATTACHED.test(ch) || (/^\s$/u.test(ch) && last.font.hasGlyphForCodePoint(code)))) {
      last.text += ch;
      continue;
    }
    const font = fonts.find((f) => f.hasGlyphForCodePoint(code)) ?? fonts[0];
    if (last?.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

/** A font file, and its glyph coverage (fontkit's parse of it). */
export interface StatementFont extends GlyphCoverage {
  /** The file: pdfkit parses it again for each document, whose subset and glyph records are its own. */
  readonly file: Buffer;
}

export interface StatementFonts {
  /** Noto Sans: Latin (Polish, Vietnamese, Turkish...), Greek, Cyrillic. */
  regular: StatementFont;
  bold: StatementFont;
  /** Droid Sans Fallback: Chinese and Japanese. */
  cjk: StatementFont;
  /** Nanum Gothic: Korean Hangul. */
  hangul: StatementFont;
}

// The app runs from the repository root (npm scripts, tests, the image's WORKDIR /app, which holds
// assets/), as db/client.ts finds db/migrations; source and the built bundles alike.
const FONT_DIR = path.resolve(process.cwd(), "assets/fonts");

let loaded: StatementFonts | undefined;

/**
 * The four fonts, read on first use and kept (about 10 MB together), each with its coverage.
 * Only the coverage is answered from a shared parse: fontkit keeps a glyph's characters with the
 * glyph as first met, so a font object shared between documents can give one document another's
 * character for a glyph in its text layer; pdfkit gets the bytes and parses them per document.
 */
export function statementFonts(): StatementFonts {
  if (loaded) return loaded;
  // fontkit is pdfkit's font engine, resolved from where pdfkit is (it is pdfkit's dependency,
  // not one of the app's own).
  const require = createRequire(import.meta.url);
  const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as {
    create(buffer: Buffer): GlyphCoverage;
  };
  const open = (name: string): StatementFont => {
    const file = readFileSync(path.join(FONT_DIR, name));
    const parsed = fontkit.create(file);
    return { file, hasGlyphForCodePoint: (code) => parsed.hasGlyphForCodePoint(code) };
  };
  loaded = {
    regular: open("NotoSans-Regular.ttf"),
    bold: open("NotoSans-Bold.ttf"),
    cjk: open("DroidSansFallbackFull.ttf"),
    hangul: open("NanumGothic.ttf"),
  };
  return loaded;
}

/**
 * The four fonts registered on a document by name, with each font's name and the order a run tries
 * them in (Chinese, Japanese and Korean have no bold face here: bold text in them uses the regular one).
 * Shared by every PDF the app makes.
 */
export function registerFaces(doc: PDFKit.PDFDocument) {
  const fonts = statementFonts();
  const faces: ReadonlyArray<readonly [string, StatementFont]> = [
    ["regular", fonts.regular],
    ["bold", fonts.bold],
    ["cjk", fonts.cjk],
    ["hangul", fonts.hangul],
  ];
  for (const [name, font] of faces) doc.registerFont(name, font.file);
  const nameOf = new Map(faces.map(([name, font]) => [font, name]));
  const order = {
    regular: [fonts.regular, fonts.cjk, fonts.hangul],
    bold: [fonts.bold, fonts.cjk, fonts.hangul],
  } as const;
  return { nameOf, order };
}

/** Collects a document's bytes as pdfkit writes them; the promise answers once `doc.end()` has run. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on("end", () => resolve(Uint8Array.from(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
}
