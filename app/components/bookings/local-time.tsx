import { useEffect, useState } from "react";
import { browserZone, formatSlot } from "~/lib/dates";
import { SLOT_ZONE } from "~/modules/bookings/time";

/**
 * A session time with its zone named: New York time from the server, then the visitor's own
 * zone once the page runs in their browser (so server and browser first draw the same text).
 */
export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState(() => formatSlot(iso, SLOT_ZONE));
  useEffect(() => setText(formatSlot(iso, browserZone())), [iso]);
  return <time dateTime={iso}>{text}</time>;
}
