import { zonedInstant } from "~/lib/dates";
import type { DayInput } from "./days.server";
import { CEREMONY_MESSAGES as M } from "./messages";
import type { CeremonyDayForm } from "./validation";

/** The keepers' form as a ceremony day, its times read in the keeper's zone; or the field that is wrong. */
export function dayInput(
  form: CeremonyDayForm,
  zone: string,
  now = new Date(),
): { ok: true; input: DayInput } | { ok: false; field: "starts" | "ends"; message: string } {
  const startsAt = zonedInstant(form.day, form.starts, zone);
  const endsAt = zonedInstant(form.day, form.ends, zone);
  if (startsAt <= now) return { ok: false, field: "starts", message: M.past };
  if (endsAt <= startsAt) return { ok: false, field: "ends", message: M.endBeforeStart };
  return {
    ok: true,
    input: { place: form.place, startsAt, endsAt, capacity: Number(form.capacity), facilitatorIds: form.facilitators },
  };
}
