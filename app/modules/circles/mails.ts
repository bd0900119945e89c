import { formatSlot, knownZone } from "~/lib/dates";
import type { Env } from "../../env.server";
import { type CalendarMethod, calendarInvite } from "../mail/calendar-invite.server";
import type { OutgoingMail } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import type { Circle } from "./schema";

/*
 * What a member is told about a circle. No mail carries the video link: it is on the circle's page,
 * behind the member's sign-in, for those with a place; the mail and its calendar event point there.
 */

export type CircleNews =
  | "place"
  | "waitlisted"
  | "promoted"
  | "left"
  | "changed"
  | "cancelled"
  | "cancelled-waiting"
  | "reminder";

const NEWS: Record<CircleNews, { subject: string; heading: string; lead: string; method: CalendarMethod | null }> = {
  place: {
    subject: "Your place in",
    heading: "You have a place",
    lead: "You have a place in this integration circle. The calendar file attached adds it to your calendar.",
    method: "REQUEST",
  },
  waitlisted: {
    subject: "On the waitlist for",
    heading: "You are on the waitlist",
    lead: "This circle is full, so you are on its waitlist, in the order people joined. If a place opens, it is yours and we will email you at once.",
    method: null,
  },
  promoted: {
    subject: "A place opened for you in",
    heading: "A place opened for you",
    lead: "Someone gave up their place, and it is now yours. The calendar file attached adds the circle to your calendar. If you can no longer come, please leave it on the circle's page so the next person can.",
    method: "REQUEST",
  },
  left: {
    subject: "You have left",
    heading: "You have left this circle",
    lead: "You are no longer signed up. The calendar file attached takes it out of your calendar. You are welcome to join again while places are open.",
    method: "CANCEL",
  },
  changed: {
    subject: "Changed:",
    heading: "This circle has changed",
    lead: "The keepers changed this circle. Its details are below; the calendar file attached updates it in your calendar.",
    method: "REQUEST",
  },
  cancelled: {
    subject: "Cancelled:",
    heading: "This circle is cancelled",
    lead: "The keepers had to cancel this circle. We are sorry; the calendar file attached takes it out of your calendar.",
    method: "CANCEL",
  },
  "cancelled-waiting": {
    subject: "Cancelled:",
    heading: "This circle is cancelled",
    lead: "The keepers had to cancel this circle, whose waitlist you were on. We are sorry; we hope to see you at another.",
    method: null,
  },
  reminder: {
    subject: "Tomorrow:",
    heading: "Your circle is tomorrow",
    lead: "A reminder of the integration circle you have a place in. The video link is on the circle's page. Find a quiet, private place a few minutes before.",
    method: null,
  },
};

const when = (circle: Circle, zone: string | null) => {
  const own = knownZone(zone) ?? "America/New_York";
  return `${formatSlot(circle.startsAt, own)}, ${circle.minutes} minutes, online`;
};

/** One member's mail about a circle, with its calendar event (REQUEST or CANCEL) where the news changes their calendar. */
export function circleMail(
  circle: Circle,
  member: { name: string; email: string; timezone: string | null },
  news: CircleNews,
  env: Pick<Env, "SITE_URL" | "MAIL_FROM">,
): OutgoingMail {
  const words = NEWS[news];
  const method = words.method;
  const page = `${env.SITE_URL}/circles/${circle.id}`;
  const withCalendar = method !== null;
  return {
    kind: `circle.${news}`,
    to: member.email,
    subject: `${words.subject} ${circle.title}`,
    ...renderMail({
      heading: `${words.heading}: ${circle.title}`,
      paragraphs: [
        `Dear ${member.name}, ${words.lead.charAt(0).toLowerCase()}${words.lead.slice(1)}`,
        when(circle, member.timezone),
      ],
      action: { label: "Open the circle", url: page },
      footer: "The video link is on the circle's page, for those with a place.",
    }),
    attachments: withCalendar
      ? [
          calendarInvite(
            {
              id: `circle-${circle.id}`,
              sequence: circle.sequence,
              start: circle.startsAt,
              end: new Date(circle.startsAt.getTime() + circle.minutes * 60_000),
              summary: circle.title,
              description:
                method === "CANCEL"
                  ? "This place is no longer in your calendar."
                  : `${circle.description}\n\nThe video link: ${page}`,
              location: page,
              attendee: { name: member.name, email: member.email },
              product: "Circles",
              filename: "circle.ics",
            },
            env,
            method,
          ),
        ]
      : [],
  };
}
