import { describe, expect, it } from "vitest";
import {
  newRecoveryCodes,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  recoveryCodesText,
  sameRecoveryCode,
} from "./recovery-code-format";

describe("recovery codes to read aloud and type", () => {
  it("are ten codes of two groups of five, lower case, without 0/o or 1/l/i", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const seen = new Set(newRecoveryCodes(200).join("").replaceAll("-", ""));
    for (const lookAlike of ["0", "o", "1", "l", "i"]) {
      expect(RECOVERY_CODE_ALPHABET).not.toContain(lookAlike);
      expect(seen.has(lookAlike)).toBe(false);
    }
    // Every character of the alphabet turns up: the draw is not stuck on part of it.
    expect(seen.size).toBe(RECOVERY_CODE_ALPHABET.length);
  });

  it("match whatever the case, spaces or dashes; a different code does not", () => {
    expect(normaliseRecoveryCode(" K7M3P – x9qad ")).toBe("k7m3px9qad");
    expect(sameRecoveryCode("k7m3p-x9qad", "K7M3PX9QAD")).toBe(true);
    expect(sameRecoveryCode("k7m3p-x9qad", "k7m3p x9qad")).toBe(true);
    expect(sameRecoveryCode("k7m3p-x9qad", "k7m3p-x9qae")).toBe(false);
    expect(sameRecoveryCode("k7m3p-x9qad", " - ")).toBe(false);
    // An old mixed-case code, as printed or in any case.
    expect(sameRecoveryCode("fkiiJ-CISu3", "fkiiJ-CISu3")).toBe(true);
    expect(sameRecoveryCode("fkiiJ-CISu3", "FKIIJCISU3")).toBe(true);
  });

  it("as text: a title, what they are for, one code a line", () => {
    expect(recoveryCodesText(["aaaaa-bbbbb", "ccccc-ddddd"], "Sacred Path Congregation")).toBe(
      "Sacred Path Congregation recovery codes\nEach works once, in place of your authenticator app's code.\n\naaaaa-bbbbb\nccccc-ddddd\n",
    );
  });
});
