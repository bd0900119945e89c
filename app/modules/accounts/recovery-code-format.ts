/*
 * Recovery codes people can read aloud and type (issue 48): lower case, none of the characters
 * that look alike (0/o, 1/l/i), two groups of five ("k7m3p-x9qad"). better-auth makes them through
 * its `customBackupCodesGenerate` option (auth.server.ts) and keeps them encrypted as before;
 * what a person types is matched to one of them by `sameRecoveryCode`, whatever its case, spaces
 * or dashes (two-factor.server.ts).
 */

/** a-z and 2-9 without i, l, o (and 0, 1): 31 characters, so ten of them are about 49 bits. */
export const RECOVERY_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;

/** One code from the operating system's random source, without the modulo's bias. */
function newRecoveryCode(): string {
  const limit = 256 - (256 % RECOVERY_CODE_ALPHABET.length);
  let code = "";
  while (code.length < LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(LENGTH * 2))) {
      if (byte < limit && code.length < LENGTH) code += RECOVERY_CODE_ALPHABET[byte % RECOVERY_CODE_ALPHABET.length];
    }
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newRecoveryCodes = (amount = RECOVERY_CODE_COUNT) => Array.from({ length: amount }, newRecoveryCode);

/** A code as compared: no spaces or dashes, lower case. */
export const normaliseRecoveryCode = (typed: string) => typed.replace(/[\s\-‐‑‒–—]+/g, "").toLowerCase();

/**
 * Whether what was typed is this stored code. Codes issued before issue 48 mixed cases and
 * look-alikes ("fkiiJ-CISu3"); they keep working, now also typed in any case (ten characters of
 * 36 are still about 51 bits, and the guessing budgets of guessing.server.ts apply).
 */
export const sameRecoveryCode = (stored: string, typed: string) =>
  normaliseRecoveryCode(typed).length > 0 && normaliseRecoveryCode(stored) === normaliseRecoveryCode(typed);

/** The codes as a plain-text file (download) and as copied text: one code a line. */
export function recoveryCodesText(codes: ReadonlyArray<string>, siteName: string): string {
  return `${siteName} recovery codes\nEach works once, in place of your authenticator app's code.\n\n${codes.join("\n")}\n`;
}
