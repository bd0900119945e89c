import { appContext } from "~/context";
import { blockedDaysAhead, freeSlots } from "~/modules/bookings/availability.server";
import { bookableRange } from "~/modules/bookings/time";
import type { Route } from "./+types/slots";

/**
 * The booking calendar's data: without `day`, the bookable range and the closed days; with it,
 * that day's free slots as instants (the browser names them in its own zone). Never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const url = new URL(request.url);
  const offer = url.searchParams.get("offer") ?? "";
  const day = url.searchParams.get("day");
  const headers = { "Cache-Control": "private, no-store" };
  if (!day) return Response.json({ ...bookableRange(), blocked: await blockedDaysAhead(handles.db) }, { headers });
  return Response.json({ slots: await freeSlots(handles.db, offer, day) }, { headers });
}
