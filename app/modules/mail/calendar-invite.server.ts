import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { site } from "~/lib/site";
import type { Env } from "../../env.server";
import type { MailAttachment } from "./schema";
import { mailSender } from "./sender.server";

/** REQUEST: the event's current times (first sent, and after each change); CANCEL: it is taken out of calendars. */
export type CalendarMethod = "REQUEST" | "CANCEL";

export interface CalendarEvent {
  /** The record's id: with SITE_URL's host, the event's UID for its whole life. */
  id: string;
  /** Raised with each change and the cancellation, in the same transaction as the change. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  attendee: { name: string; email: string };
  /** What the calendar program calls the product that made it ("Bookings", "Circles"). */
  product: string;
  filename: string;
}

/**
 * An event as an iTIP message (RFC 5546), a mail's text/calendar part: calendar programs act on it
 * only with a method, an organizer (our sender, MAIL_FROM) and the person as attendee. One UID per
 * record and SEQUENCE raised per change, so an update moves the event already in the calendar and a
 * cancellation removes it. Times are UTC.
 */
export function calendarInvite(
  event: CalendarEvent,
  env: Pick<Env, "SITE_URL" | "MAIL_FROM">,
  method: CalendarMethod,
  now = new Date(),
): MailAttachment {
  const organizer = mailSender(env.MAIL_FROM);
  const calendar = ical({
    prodId: { company: site.name, product: event.product, language: "EN" },
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${event.id}@${new URL(env.SITE_URL).hostname}`,
    sequence: event.sequence,
    stamp: now,
    start: event.start,
    end: event.end,
    summary: event.summary,
    description: event.description,
    location: event.location,
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: organizer.name || site.name, email: organizer.address },
    attendees: [
      {
        name: event.attendee.name,
        email: event.attendee.email,
        role: ICalAttendeeRole.REQ,
        // Taking the place was the person's yes: no reply is asked for (it would go to a no-reply sender).
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return {
    filename: event.filename,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    // Every content line ends in CRLF (RFC 5545 3.1), the last one too; the library leaves that one bare.
    content: `${calendar.toString()}\r\n`,
    icalMethod: method,
  };
}
