import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { site } from "~/lib/site";
import type { Env } from "../../env.server";
import type { MailAttachment } from "../mail/schema";
import { mailSender } from "../mail/sender.server";
import { bookingTitle } from "./mails";
import type { Booking } from "./schema";

/** REQUEST: the confirmation and each reschedule (the event's current times); CANCEL: it is taken out of calendars. */
export type CalendarMethod = "REQUEST" | "CANCEL";

const DESCRIPTION = {
  REQUEST: "Online session on Zoom. Your facilitator will contact you 24 hours before with the link.",
  CANCEL: "This session is cancelled.",
} as const;

/**
 * The session as an iTIP message (RFC 5546), the mail's text/calendar part: calendar programs act on it
 * only with a method, an organizer (our sender, MAIL_FROM) and the booker as attendee. The UID is the
 * booking's id for its whole life and SEQUENCE its calendarSequence, raised with each change, so an
 * update moves the event already in the calendar and a cancellation removes it. Times are UTC.
 */
export function bookingCalendar(
  booking: Booking,
  env: Pick<Env, "SITE_URL" | "MAIL_FROM">,
  method: CalendarMethod,
  now = new Date(),
): MailAttachment {
  const organizer = mailSender(env.MAIL_FROM);
  const calendar = ical({
    prodId: { company: site.name, product: "Bookings", language: "EN" },
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${booking.id}@${new URL(env.SITE_URL).hostname}`,
    sequence: booking.calendarSequence,
    stamp: now,
    start: booking.startsAt,
    end: new Date(booking.startsAt.getTime() + booking.minutes * 60_000),
    summary: `${bookingTitle(booking)} with ${site.name}`,
    description: DESCRIPTION[method],
    location: "Online (Zoom)",
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: organizer.name || site.name, email: organizer.address },
    attendees: [
      {
        name: booking.fullName,
        email: booking.email,
        role: ICalAttendeeRole.REQ,
        // Booking it was the booker's yes: no reply is asked for (it would go to a no-reply sender).
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return {
    filename: "session.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    // Every content line ends in CRLF (RFC 5545 3.1), the last one too; the library leaves that one bare.
    content: `${calendar.toString()}\r\n`,
    icalMethod: method,
  };
}
