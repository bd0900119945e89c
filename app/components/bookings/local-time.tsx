import { useEffect, useState } from "react";
import { formatSlot, SLOT_ZONE } from "~/modules/bookings/time";

/** The visitor's zone, as the browser knows it. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A session time with its zone named: New York time from the server, then the visitor's own
 * zone once the page runs in their browser (so server and browser first draw the same text).
 */
export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState(() => formatSlot(iso, SLOT_ZONE));
  useEffect(() => setText(formatSlot(iso, browserZone())), [iso]);
  return <time dateTime={iso}>{text}</time>;
}
