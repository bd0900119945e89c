import { Link } from "react-router";
import { BookingPage } from "~/components/bookings/booking-page";
import { PageHero } from "~/components/content/page-hero";
import { NoticeBox } from "~/components/forms/notice-box";
import { PaymentsOffNotice } from "~/components/payments/payments-off-notice";
import { usePaymentProvider } from "~/components/payments/test-mode-notice";
import { bookableOfferView, journeyOffers } from "~/content/journey";
import { appContext } from "~/context";
import {
  FormRefusal,
  handleForm,
  handOff,
  invalid,
  parse,
  readSubmission,
  refused,
  succeeded,
} from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { knownZone } from "~/lib/dates";
import { privateMeta } from "~/lib/private-meta";
import { getViewer } from "~/modules/accounts/session.server";
import { dayChoice } from "~/modules/bookings/availability.server";
import { bookingPayment, payForBooking } from "~/modules/bookings/book.server";
import { getBooking } from "~/modules/bookings/bookings.server";
import { holdSlot } from "~/modules/bookings/hold.server";
import { bookingTitle } from "~/modules/bookings/mails";
import { BOOKING_MESSAGES, BOOKING_OFF_MESSAGES } from "~/modules/bookings/messages";
import { type BookingSummary, bookingSchema } from "~/modules/bookings/validation";
import { onlinePayments } from "~/modules/payments/providers.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import { forget, NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/book";

export const meta: Route.MetaFunction = () => privateMeta("Book a Session");
export { privatePageHeaders as headers } from "~/lib/http";

/**
 * The booking page that works without JavaScript (the journey page's Apply leads here then; with
 * it the booking dialog does the same): the offer, its open days, a day's free times in the
 * congregation's zone, and the form. Every rule is the dialog's (bookingSchema, takeSlot).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const url = new URL(request.url);
  const offer = bookableOfferView(url.searchParams.get("offer") ?? "");
  // The sessions to choose from when none is named (read here: the offers' texts stay out of the page's script).
  const choices = journeyOffers.filter((o) => o.booking).map((o) => ({ id: o.id, title: o.title }));
  // Without online payment nothing is bookable here: the page says how to book otherwise.
  if (!offer || !onlinePayments(handles.env)) return { offer, choices, days: [], more: null, day: null, slots: [] };
  return { offer, choices, ...(await dayChoice(handles.db, offer.id, url)) };
}

/**
 * The booking dialog's and the booking page's submit. Prices come from our offers, never from the
 * form. The slot is held with the form's one-time key; the payment follows outside that
 * transaction and carries on the same payment when the form is sent again (never a second charge).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, BOOKING_MESSAGES.failed, handles.logger, async () => {
    // Every session is paid (mentorship after approval): with online payment off, none is held or requested.
    if (!onlinePayments(handles.env)) return refused(submission, BOOKING_OFF_MESSAGES.booking, 409);
    const limited = await hit(handles.db, RATE_LIMITS.booking, handles.clientIp);
    if (!limited.allowed) {
      return refused(submission, BOOKING_MESSAGES.tooMany, 429, {
        retryAfterSeconds: limited.retryAfterSeconds,
        rateLimited: true,
      });
    }
    const parsed = parse(submission, bookingSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors, BOOKING_MESSAGES.missing);
    const viewer = await getViewer(request, handles);
    // Without the browser's zone (no JavaScript), a member's own setting; a visitor's mails give New York time.
    const timeZone = knownZone(parsed.data.timeZone) ?? (viewer ? viewer.timezone : "");
    const identity = { scope: "booking", key: submission.key, ownerId: viewer?.id, subject: NEW_RECORD };
    const answer = await once(handles.db, identity, async (tx) => {
      const held = await holdSlot(tx, handles.env, { ...parsed.data, timeZone }, viewer?.id ?? null);
      if (!held.ok) throw new FormRefusal(refused(submission, BOOKING_MESSAGES[held.reason], 409));
      // The payment is recorded with the key: a doubled post carries on this one, never a second.
      if (held.booking.status === "held") {
        await bookingPayment(tx, handles.env, held.booking, parsed.data.cardLast4 || undefined);
      }
      const kind = held.booking.status === "requested" ? "requested" : "confirmed";
      return { redirectTo: `/booking-confirmed?kind=${kind}`, data: { bookingId: held.booking.id } };
    });
    // Every answer of this scope carries its booking's id (a replayed one too).
    let booking = await getBooking(handles.db, answer.data?.bookingId ?? "");
    if (booking?.status === "held") {
      const paid = await payForBooking(handles.db, handles.env, booking, parsed.data.cardLast4 || undefined);
      // Off to the provider's approval page (PayPal, or the test provider's without card fields).
      if (paid.kind === "redirect") return handOff(paid.url);
      booking = paid.kind === "confirmed" ? paid.booking : null;
    }
    if (booking?.status !== "confirmed" && booking?.status !== "requested") {
      // Nothing was charged and the slot is free again: the same form may try again.
      await forget(handles.db, identity);
      return refused(submission, BOOKING_MESSAGES.failed, 402);
    }
    const summary: BookingSummary = {
      kind: booking.status,
      title: bookingTitle(booking),
      startsAt: booking.startsAt.toISOString(),
      email: booking.email,
    };
    return succeeded(request, { redirectTo: answer.redirectTo, data: summary });
  });
}

/** SPEC.md's "Booking Failed" when no answer came; the dialog and the page keep what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, BOOKING_MESSAGES.failed);

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  const result = actionData;
  const provider = usePaymentProvider();
  if (!data.offer) {
    return (
      <div className="mx-auto max-w-2xl px-4 pb-8 sm:px-6">
        <PageHero eyebrow="Book a session" title="Choose a session">
          Both are held online, 45 minutes on Zoom.
        </PageHero>
        {/* With payments off the notice below says it already. */}
        {result && !result.ok && result.formError && provider !== "none" ? (
          <NoticeBox notice={result.formError} className="mb-6" />
        ) : null}
        {provider === "none" ? (
          <PaymentsOffNotice notice={BOOKING_OFF_MESSAGES.booking} />
        ) : (
          <div className="flex flex-wrap justify-center gap-3">
            {data.choices.map((o, i) => (
              <Link key={o.id} to={`/bookings?offer=${o.id}`} className={i === 0 ? "btn-gold" : "btn-ghost"}>
                {o.title}
              </Link>
            ))}
          </div>
        )}
      </div>
    );
  }
  return <BookingPage {...data} offer={data.offer} result={result} />;
}
