import { describe, expect, it } from "vitest";
import { fontRuns, statementFonts } from "./statement-fonts.server";

describe("fontRuns", () => {
  const fonts = statementFonts();
  const regular = [fonts.regular, fonts.cjk, fonts.hangul] as const;
  const name = new Map([
    [fonts.regular, "noto"],
    [fonts.cjk, "droid"],
    [fonts.hangul, "nanum"],
  ]);
  const split = (text: string) => fontRuns(text, regular).map((run) => [name.get(run.font), run.text]);

  it("sets Latin (Polish, Vietnamese, Turkish), Greek and Cyrillic in Noto Sans, as one run", () => {
    for (const text of ["Łukasiewicz", "Żółć", "Nguyễn Thị Minh Khai", "Ayşe Çağlar", "Αλέξανδρος", "Жуков Сергей"]) {
      expect(split(text), text).toEqual([["noto", text]]);
    }
  });

  it("sets Chinese and Japanese in Droid Sans Fallback and Korean in Nanum Gothic", () => {
    expect(split("王小明")).toEqual([["droid", "王小明"]]);
    expect(split("さくら 山田")).toEqual([["droid", "さくら 山田"]]);
    expect(split("김민준")).toEqual([["nanum", "김민준"]]);
  });

  it("switches font where the script changes, keeping a space in the run it follows", () => {
    expect(split("Donor: 王小明")).toEqual([
      ["noto", "Donor: "],
      ["droid", "王小明"],
    ]);
    expect(split("王 Дмитрий 김민준 Kim")).toEqual([
      ["droid", "王 "],
      ["noto", "Дмитрий "],
      ["nanum", "김민준 "],
      ["noto", "Kim"],
    ]);
  });

  it("composes decomposed accents and keeps a combining mark with its letter", () => {
    expect(split("Z\u0307o\u0301\u0142c\u0301")).toEqual([["noto", "Żółć"]]);
    // U+0301 after a Chinese character: it stays with the character it marks.
    expect(split("王\u0301x")).toEqual([
      ["droid", "王\u0301"],
      ["noto", "x"],
    ]);
  });

  it("gives a character no font has to the first one (its .notdef box), and prints controls as spaces", () => {
    expect(split("Ann 😀")).toEqual([["noto", "Ann 😀"]]);
    expect(split("a\tb\nc")).toEqual([["noto", "a b c"]]);
    expect(split("")).toEqual([]);
  });

  it("follows the order of preference it is given", () => {
    const has = (chars: string) => ({ hasGlyphForCodePoint: (c: number) => chars.includes(String.fromCodePoint(c)) });
    const a = has("ab ");
    const b = has("bc");
    expect(fontRuns("abc", [a, b]).map((run) => [run.font === a ? "a" : "b", run.text])).toEqual([
      ["a", "ab"],
      ["b", "c"],
    ]);
    expect(fontRuns("abc", [b, a]).map((run) => [run.font === a ? "a" : "b", run.text])).toEqual([
      ["a", "a"],
      ["b", "bc"],
    ]);
  });
});
