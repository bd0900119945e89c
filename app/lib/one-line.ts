/*
 * One line of printable text, for names and short texts a person types and the site repeats where
 * its own words stand (a mail's lines above all; issue 45). What breaks a line or is no character
 * to print: the C0 and C1 controls (line feed, carriage return, tab, NEL U+0085, escape...) and
 * Unicode's line and paragraph separators (U+2028, U+2029).
 */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const BREAKS_AND_SPACES = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu;
/** Where a person's longer text starts a new line: any line break, and the separators that are one. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** Whether the text is one line of printable text already (what a form that takes a name asks). */
export const isOneLine = (text: string) => !BREAKS.test(text);

/**
 * The text as one line: every control character and line or paragraph separator is a space, each
 * run of white space one space, trimmed; longer than `max` characters, it is cut with an ellipsis.
 */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const line = text.replace(BREAKS_AND_SPACES, " ").trim();
  const chars = Array.from(line);
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, Math.max(0, max - 1))
        .join("")
        .trimEnd()}…`;
}

/** A person's longer text (a message) as its lines, each made one line: its own line breaks kept, nothing else. */
export const linesOf = (text: string): string[] => text.split(LINE_BREAK).map((line) => oneLine(line));
