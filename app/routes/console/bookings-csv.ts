import { appContext } from "~/context";
import { csvRefused, csvResponse } from "~/lib/csv";
import { DAY_INVALID } from "~/lib/dates";
import { bookingRangeFrom } from "~/modules/bookings/console-range";
import { bookingsCsv } from "~/modules/bookings/schedule.server";
import type { Route } from "./+types/bookings-csv";

/** The bookings of /console/bookings's range as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const range = bookingRangeFrom(new URL(request.url));
  if (range.invalid) return csvRefused(DAY_INVALID);
  return csvResponse(bookingsCsv(handles.db, range.start, range.end), "bookings");
}
