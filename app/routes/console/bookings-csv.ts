import { csvResponse } from "~/lib/csv";
import { requireStaff } from "~/modules/accounts/session.server";
import { bookingRangeFrom } from "~/modules/bookings/console-range";
import { bookingsCsv } from "~/modules/bookings/schedule.server";
import type { Route } from "./+types/bookings-csv";

/** The bookings of /console/bookings's range as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const range = bookingRangeFrom(new URL(request.url));
  return csvResponse(bookingsCsv(context.db, range.start, range.end), "bookings");
}
