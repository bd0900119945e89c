import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { announceRequest, takeSlot } from "./bookings.server";
import type { Booking } from "./schema";
import type { BookingInput } from "./validation";

/**
 * The booking form's write, alone, for its one-time key's transaction (docs/decisions/008): the
 * slot is held (a mentorship is requested and announced, mails queued in the same transaction).
 * Paying for a held slot follows outside it (payForBooking), so no provider call runs in it.
 */
export async function holdSlot(
  tx: Db,
  env: Env,
  input: BookingInput,
  userId: string | null,
): Promise<{ ok: true; booking: Booking } | { ok: false; reason: "taken" | "closed" }> {
  const held = await takeSlot(tx, input, userId);
  if (!held.ok) return held;
  if (held.booking.status === "requested") await announceRequest(tx, env, held.booking);
  return held;
}
