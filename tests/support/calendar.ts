import ICAL from "ical.js";
import { expect } from "vitest";

export interface CalendarEvent {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  /** "mailto:" and the address. */
  organizer: string;
  attendee: string;
  attendeeName: string;
}

/**
 * Reads a calendar file as a calendar program would (ical.js), after checking its lines the way RFC 5545
 * wants them: each ends in CRLF and is at most 75 octets, and unfolding gives back whole UTF-8 text.
 * Expects one calendar with one event.
 */
export function readCalendar(content: string, product = "Bookings"): CalendarEvent {
  expect(content.endsWith("\r\n")).toBe(true);
  const lines = content.slice(0, -2).split("\r\n");
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
  }
  // A fold never splits a character: every physical line is valid UTF-8 on its own.
  for (const line of lines) expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
  const root = new ICAL.Component(ICAL.parse(content));
  expect(root.name).toBe("vcalendar");
  expect(root.getFirstPropertyValue("version")).toBe("2.0");
  expect(root.getFirstPropertyValue("prodid")).toBe(`-//Sacred Path Congregation//${product}//EN`);
  const events = root.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const event = events[0] as InstanceType<typeof ICAL.Component>;
  const text = (name: string) => String(event.getFirstPropertyValue(name) ?? "");
  const time = (name: string) => (event.getFirstPropertyValue(name) as InstanceType<typeof ICAL.Time>).toJSDate();
  const attendee = event.getFirstProperty("attendee");
  // The URI scheme is case-insensitive (the library writes "MAILTO:" for attendees).
  const mailto = (uri: unknown) => String(uri ?? "").replace(/^mailto:/i, "mailto:");
  return {
    method: String(root.getFirstPropertyValue("method") ?? ""),
    uid: text("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: text("status"),
    start: time("dtstart").toISOString(),
    end: time("dtend").toISOString(),
    summary: text("summary"),
    description: text("description"),
    organizer: mailto(text("organizer")),
    attendee: mailto(attendee?.getFirstValue()),
    attendeeName: String(attendee?.getParameter("cn") ?? ""),
  };
}

/** The text of a file with its folds undone (RFC 5545 3.1: a CRLF followed by one space or tab). */
export const unfold = (content: string) => content.replace(/\r\n[ \t]/g, "");
