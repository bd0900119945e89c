import { offerTitle } from "~/content/journey";
import { formatSlot, knownZone } from "~/lib/dates";
import { renderMail } from "../mail/templates";
import { CHANGE_WINDOW_HOURS } from "./messages";
import type { Booking } from "./schema";
import { SLOT_ZONE } from "./time";

export const bookingTitle = (b: Pick<Booking, "offerId">) => offerTitle(b.offerId);

/** The session's time in the booker's zone, with New York time beside it (the congregation's). */
const when = (b: Booking) => {
  const newYork = `${formatSlot(b.startsAt, SLOT_ZONE)} (New York time)`;
  const own = knownZone(b.timeZone);
  return own && own !== SLOT_ZONE ? `${formatSlot(b.startsAt, own)} (your time; ${newYork})` : newYork;
};
const policy = `Changes and cancellations are possible until ${CHANGE_WINDOW_HOURS} hours before the session; after that, please write to us.`;

export function confirmationMail(b: Booking, manageUrl: string) {
  return renderMail({
    heading: `Your ${bookingTitle(b)} is confirmed`,
    paragraphs: [
      `Dear ${b.fullName}, thank you. Your session is booked for ${when(b)}, ${b.minutes} minutes, online.`,
      "Your facilitator will contact you 24 hours before the session with the Zoom link and a few words on how to prepare. The calendar file attached adds it to your calendar.",
      policy,
    ],
    action: { label: "Cancel or reschedule", url: manageUrl },
    footer: "This link is personal and works once; each change sends you a new one.",
  });
}

export function requestedMail(b: Booking) {
  return renderMail({
    heading: "We received your mentorship request",
    paragraphs: [
      `Dear ${b.fullName}, you asked to begin the Subtle Path on ${when(b)}. The time is held for you while a Temple Keeper reviews your request, usually within 48 hours.`,
      "The mentorship follows a Preparation Session or an approved intake. Nothing is charged unless your request is approved; then we email you a link to complete the $900 donation.",
    ],
  });
}

export function approvedMail(b: Booking, payUrl: string) {
  return renderMail({
    heading: "Your mentorship request is approved",
    paragraphs: [
      `Dear ${b.fullName}, a Temple Keeper has approved your request for the Subtle Path, beginning ${when(b)}.`,
      "Please complete the donation within 48 hours to confirm your place; after that the time is released.",
    ],
    action: { label: "Confirm and pay", url: payUrl },
  });
}

export function declinedMail(b: Booking) {
  return renderMail({
    heading: "About your mentorship request",
    paragraphs: [
      `Dear ${b.fullName}, thank you for your request. A Temple Keeper has decided that the Subtle Path is not the right next step just now; nothing has been charged.`,
      "A Preparation Session is always open to you, and we are glad to talk by email about what would help.",
    ],
  });
}

/** `b` as it was before the cancellation: a confirmed booking had a calendar event, which this mail cancels. */
export function cancelledMail(b: Booking, refunded: boolean) {
  return renderMail({
    heading: "Your session is cancelled",
    paragraphs: [
      `Dear ${b.fullName}, your ${bookingTitle(b)} on ${when(b)} is cancelled.`,
      refunded ? "Your payment has been refunded; it may take a few days to appear." : "Nothing was charged.",
      ...(b.status === "confirmed" ? ["The calendar file attached removes it from your calendar."] : []),
    ],
  });
}

export function reminderMail(b: Booking) {
  return renderMail({
    heading: `Tomorrow: your ${bookingTitle(b)}`,
    paragraphs: [
      `Dear ${b.fullName}, this is a reminder of your session on ${when(b)}.`,
      "Your facilitator will write to you today with the Zoom link. Find a quiet, private place, with water and a notebook nearby.",
    ],
  });
}

/** After a session: an invitation to record what it stirred (nothing of the session itself in the mail). */
export function integrationPromptMail(b: Booking, integrationUrl: string) {
  return renderMail({
    heading: "How are you after your session?",
    paragraphs: [
      `Dear ${b.fullName}, thank you for your ${bookingTitle(b)}.`,
      "What it stirred settles best when it is written down while it is fresh: a few lines about what you noticed, felt or want to carry on. Your integration sessions are private to you.",
    ],
    action: { label: "Record its integration", url: integrationUrl },
    footer: "You receive this because Integration prompts are on under Settings on your profile.",
  });
}

/** `eligible` is null when the request came without signing in: a typed address proves nothing. */
export function staffRequestMail(b: Booking, consoleUrl: string, eligible: boolean | null) {
  return renderMail({
    heading: "A mentorship request awaits a decision",
    paragraphs: [
      `${b.fullName} <${b.email}> asks to begin the Subtle Path on ${when(b)}.`,
      eligible === null
        ? "They asked without signing in, so their earlier sessions and applications could not be checked. Please ask them before deciding."
        : eligible
          ? "Their account has a prior Preparation Session or an approved application."
          : "Their account has no prior Preparation Session or approved application.",
    ],
    action: { label: "Decide in the console", url: consoleUrl },
  });
}
