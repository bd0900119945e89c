import { useEffect, useState } from "react";
import { notify } from "~/components/ui/notify";
import { BOOKING_MESSAGES } from "~/modules/bookings/messages";

export type OpenSlot = { time: string; startsAt: string };
export type OpenRange = { first: string; last: string; blocked: string[] };

/** The offer's bookable days (the first, the last and the closed ones between), once loaded. */
export function useOpenDays(offerId: string, off: boolean): OpenRange | null {
  const [range, setRange] = useState<OpenRange | null>(null);
  useEffect(() => {
    if (off) return;
    fetch(`/bookings/slots?offer=${offerId}`)
      .then((r) => r.json())
      .then(setRange)
      .catch(() =>
        notify("error", BOOKING_MESSAGES.failed.title, { description: BOOKING_MESSAGES.failed.description }),
      );
  }, [offerId, off]);
  return range;
}

/** A day's free times as instants (null while they load; none when they could not be read). */
export function useDaySlots(offerId: string, day: string | null): OpenSlot[] | null {
  const [slots, setSlots] = useState<OpenSlot[] | null>(null);
  useEffect(() => {
    if (!day) return;
    setSlots(null);
    fetch(`/bookings/slots?offer=${offerId}&day=${day}`)
      .then((r) => r.json())
      .then((body: { slots: OpenSlot[] }) => setSlots(body.slots))
      .catch(() => setSlots([]));
  }, [day, offerId]);
  return slots;
}
