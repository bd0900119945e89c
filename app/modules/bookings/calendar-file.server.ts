import { site } from "~/lib/site";
import type { Env } from "../../env.server";
import { type CalendarMethod, calendarInvite } from "../mail/calendar-invite.server";
import type { MailAttachment } from "../mail/schema";
import { bookingTitle } from "./mails";
import type { Booking } from "./schema";

export type { CalendarMethod };

const DESCRIPTION = {
  REQUEST: "Online session on Zoom. Your facilitator will contact you 24 hours before with the link.",
  CANCEL: "This session is cancelled.",
} as const;

/** The session's calendar event: UID the booking's id for its whole life, SEQUENCE its calendarSequence. */
export function bookingCalendar(
  booking: Booking,
  env: Pick<Env, "SITE_URL" | "MAIL_FROM">,
  method: CalendarMethod,
  now = new Date(),
): MailAttachment {
  return calendarInvite(
    {
      id: booking.id,
      sequence: booking.calendarSequence,
      start: booking.startsAt,
      end: new Date(booking.startsAt.getTime() + booking.minutes * 60_000),
      summary: `${bookingTitle(booking)} with ${site.name}`,
      description: DESCRIPTION[method],
      location: "Online (Zoom)",
      attendee: { name: booking.fullName, email: booking.email },
      product: "Bookings",
      filename: "session.ics",
    },
    env,
    method,
    now,
  );
}
