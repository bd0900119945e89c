import type { Db } from "../../../db/client";
import { hashToken } from "../../lib/tokens.server";
import { hit } from "./rate-limit.server";
import type { AddressBudget } from "./rules";

export type AddressHit =
  | { allowed: true }
  /** "own": this client spent its own budget for the address; "ceiling": the address's, from everywhere. */
  | { allowed: false; by: "own" | "ceiling"; retryAfterSeconds: number };

/**
 * Counts one use of a typed email address. The address alone is no identity (anyone can type it),
 * so its owner's budget is counted per client address: a stranger elsewhere spends only their own.
 * The ceiling, per address from everywhere, keeps many client addresses from flooding one inbox;
 * a use its own budget refuses is not counted there, so one client spends at most its share.
 * `proven`: the signed-in account owns the address, so no stranger is counted against it.
 */
export async function hitAddress(
  db: Db,
  budget: AddressBudget,
  email: string,
  clientIp: string,
  options: { proven?: boolean } = {},
): Promise<AddressHit> {
  // Hashed: no addresses in the limits table.
  const address = hashToken(email);
  const own = await hit(db, budget.own, `${address}|${clientIp}`);
  if (!own.allowed) return { allowed: false, by: "own", retryAfterSeconds: own.retryAfterSeconds };
  if (options.proven) return { allowed: true };
  const ceiling = await hit(db, budget.ceiling, address);
  if (!ceiling.allowed) return { allowed: false, by: "ceiling", retryAfterSeconds: ceiling.retryAfterSeconds };
  return { allowed: true };
}
