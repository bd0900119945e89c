import { createHmac } from "node:crypto";

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), written out here so tests do not trust the code under test. */
export function totp(base32Secret: string, at = Date.now(), offsetSteps = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32Secret.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const key = Buffer.from(bits.match(/.{8}/g)?.map((b) => Number.parseInt(b, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + offsetSteps));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

const handedOut = new Map<string, Set<number>>();

/**
 * A code this test process has not used yet for the secret. The server accepts each code once
 * (tests/security/README.md, S7) and accepts the steps either side of its own: the next step is
 * always safe, the previous one only away from the end of the current step. When all are used,
 * waits for the next step.
 */
export async function unusedTotp(secret: string): Promise<string> {
  const used = handedOut.get(secret) ?? new Set<number>();
  handedOut.set(secret, used);
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const candidates = now % 30_000 < 25_000 ? [step, step + 1, step - 1] : [step + 1];
    const free = candidates.find((candidate) => !used.has(candidate));
    if (free !== undefined) {
      used.add(free);
      return totp(secret, free * 30_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (now % 30_000) + 50));
  }
}
