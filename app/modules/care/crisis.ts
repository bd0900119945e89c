/*
 * Words that speak of harming oneself or of being in danger. A message that uses them shows the
 * person crisis resources at once and is marked urgent for the keepers (first in their lists,
 * "Urgent" in the staff email's subject, never its content). It is a simple match, on purpose: it
 * errs towards showing help. Private journals are never scanned (DESIGN.md, issue 15).
 */
const CRISIS_PHRASES = [
  "suicid",
  "kill myself",
  "killing myself",
  "end my life",
  "ending my life",
  "take my life",
  "end it all",
  "self-harm",
  "self harm",
  "harm myself",
  "hurt myself",
  "hurting myself",
  "cut myself",
  "cutting myself",
  "want to die",
  "wanna die",
  "better off dead",
  "no reason to live",
  "don't want to live",
  "dont want to live",
  "can't go on",
  "cant go on",
  "overdos",
  "i am not safe",
  "i'm not safe",
  "im not safe",
  "not safe at home",
  "in danger",
  "going to hurt me",
  "is hurting me",
  "threatening me",
];

// Any run of whitespace or dashes (a line break, two spaces, a tab, a non-breaking space, a
// non-breaking hyphen, an en dash, a minus sign) is one space: "want to\ndie" and "self‑harm" are
// the words people mean. Invisible format characters (a soft hyphen, a zero-width space) either sit
// inside a word ("sui\u00adcide") or stand between two ("self\u00adharm"), so both readings are tried.
const SEPARATORS = /[\s\p{Pd}\u2212]+/gu;
const SEPARATORS_AND_FORMAT = /[\s\p{Pd}\u2212\p{Cf}]+/gu;
const FORMAT = /\p{Cf}/gu;

/** Compatibility forms folded (full-width letters, ligatures), lower case, curly apostrophes straight. */
const fold = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");

/** The text's readings, each with every run of separators as one space. */
function readings(text: string): string[] {
  const folded = fold(text);
  return [folded.replace(FORMAT, "").replace(SEPARATORS, " "), folded.replace(SEPARATORS_AND_FORMAT, " ")];
}

// The phrases go through the same folding, so "self-harm" is also "self harm" and "self‑harm".
const PHRASES = [...new Set(CRISIS_PHRASES.map((phrase) => fold(phrase).replace(SEPARATORS, " ")))];

/** Whether a message speaks of self-harm or danger (case, apostrophes, whitespace and dashes ignored). */
export function speaksOfCrisis(text: string): boolean {
  return readings(text).some((plain) => PHRASES.some((phrase) => plain.includes(phrase)));
}

/** Where to turn now; shown wherever such a message is sent. */
export const CRISIS_RESOURCES = {
  heading: "If you are in danger or thinking of harming yourself, please reach out now",
  lines: [
    "In the United States, call or text 988 (Suicide and Crisis Lifeline), any hour.",
    "Anywhere, call your local emergency number (911 in the United States and Canada, 112 in Europe, 999 in the United Kingdom).",
    "After a psychedelic experience, the Fireside Project peer support line: call or text 62-FIRESIDE (623-473-7433).",
    "A Temple Keeper has your message and will answer as soon as they can, but we are not an emergency service.",
  ],
} as const;

/** The resources as one paragraph, for a chat reply. */
export const CRISIS_REPLY =
  "I'm really glad you told me, and I'm worried about you. Please reach a person now: in the United States call or text 988, or call your local emergency number. After a psychedelic experience the Fireside Project line (call or text 62-FIRESIDE, 623-473-7433) listens too. A Temple Keeper will also answer you as soon as they can.";
