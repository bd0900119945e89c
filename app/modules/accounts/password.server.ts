import { type Algorithm, hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's first recommended setting (46 MiB, 1 pass, 1 lane): DESIGN.md
 * "Security bar". The parameters are stored in each hash, so raising them later keeps old
 * hashes verifiable.
 */
// Algorithm is a const enum (not importable as a value here): 2 is Argon2id.
const PARAMS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a 500.
    return false;
  }
}
