import { csvResponse } from "~/lib/csv";
import { requireStaff } from "~/modules/accounts/session.server";
import { bookingsCsv } from "~/modules/bookings/bookings.server";
import { bookingRangeFrom } from "~/modules/bookings/console-range";
import type { Route } from "./+types/bookings-csv";

/** The bookings of /console/bookings's range as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const range = bookingRangeFrom(new URL(request.url));
  return csvResponse(bookingsCsv(context.db, range.start, range.end), "bookings");
}
