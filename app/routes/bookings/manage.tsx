import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import { DatePicker } from "~/components/bookings/date-picker";
import { browserZone, LocalTime } from "~/components/bookings/local-time";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { newFormKey } from "~/components/forms/use-form";
import { type CardErrors, CardFields, isCard, readCard } from "~/components/payments/card-fields";
import { TestModeNotice, usePaymentProvider } from "~/components/payments/test-mode-notice";
import { keepFormOnFailure } from "~/lib/client-action";
import { FormRefusal, handleForm, readSubmission, refused, type Submission } from "~/lib/form-action.server";
import { FORM_KEY_FIELD, type FormResult } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { blockedDaysAhead, freeSlots } from "~/modules/bookings/availability.server";
import { payForBooking } from "~/modules/bookings/book.server";
import { bookingByToken, cancelBooking, changeable, rescheduleBooking } from "~/modules/bookings/changes.server";
import { bookingTitle } from "~/modules/bookings/mails";
import { BOOKING_MESSAGES, CHANGE_WINDOW_HOURS } from "~/modules/bookings/messages";
import type { Booking } from "~/modules/bookings/schema";
import { bookableRange, formatTime } from "~/modules/bookings/time";
import { formatCents } from "~/modules/giving/amounts";
import { getPayment, PaymentProviderError, refundPayment } from "~/modules/payments/payments.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/manage";

export const meta: Route.MetaFunction = () => privateMeta("Your Session");
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

const CLOSED = `Changes are closed within ${CHANGE_WINDOW_HOURS} hours of the session. Please write to us.`;

/** The emailed link: see the session, cancel or reschedule it (no sign-in), or pay an approved mentorship. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const booking = await bookingByToken(context.db, params.token);
  if (!booking) throw data(null, { status: 404, statusText: "This link has been used or is no longer valid." });
  return {
    title: bookingTitle(booking),
    offerId: booking.offerId,
    startsAt: booking.startsAt.toISOString(),
    status: booking.status,
    price: formatCents(booking.priceCents),
    changeable: changeable(booking),
    range: { ...bookableRange(), blocked: await blockedDaysAhead(context.db) },
  };
}

const FAILED = { title: "Not changed", description: "Nothing changed just now. Please try again." };
const notice = (description: string) => ({ title: "Not changed", description });

/**
 * The link's actions. Each success goes on to the done page (the link's token may be spent by
 * then: a cancelled booking's link ends, a moved one gets a new link), with a one-time key, so a
 * resent Cancel or Reschedule gets its first answer instead of "not found".
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await readSubmission(request);
  const intent = submission.fields.intent ?? "";
  const booking = await bookingByToken(context.db, params.token);
  // Reading a day's free times changes nothing: no key, no redirect.
  if (intent === "slots") {
    if (!booking) throw data(null, { status: 404 });
    return { slots: await freeSlots(context.db, booking.offerId, submission.fields.day ?? "") };
  }
  return handleForm(submission, FAILED, context.logger, async () => {
    // A visitor's key (the link is the only credential): no account owns it.
    const identity = { scope: `booking.${intent}`, key: submission.key };
    if (intent === "pay" && booking?.status === "approved") {
      const outcome = await payForBooking(context.db, context.env, booking, submission.fields.cardLast4 || undefined);
      if (outcome.kind === "redirect") return redirect(outcome.url, 303);
      if (outcome.kind === "confirmed") return leave("/booking-confirmed");
      return refused(submission, BOOKING_MESSAGES.failed, 402);
    }
    if (booking && !changeable(booking)) return refused(submission, notice(CLOSED), 409);
    if (intent === "cancel") {
      // The refund is asked outside the transaction; the provider refunds a payment once however often asked.
      const refunded = booking ? await refundFirst(context, booking, submission) : false;
      const answer = await once(context.db, identity, async (tx) => {
        if (!booking) throw data(null, { status: 404 });
        await cancelBooking(tx, booking, refunded);
        return { redirectTo: doneUrl(refunded ? "refunded" : "cancelled") };
      });
      return leave(answer.redirectTo);
    }
    if (intent === "reschedule") {
      const answer = await once(context.db, identity, async (tx) => {
        if (!booking) throw data(null, { status: 404 });
        if (booking.status !== "confirmed") throw new FormRefusal(refused(submission, notice(UNCHANGEABLE), 400));
        const { day = "", time = "" } = submission.fields;
        const outcome = await rescheduleBooking(tx, context.env, booking, day, time);
        if (outcome !== "done") {
          const why = outcome === "taken" ? BOOKING_MESSAGES.taken : BOOKING_MESSAGES.closed;
          throw new FormRefusal(refused(submission, notice(why.description), 409));
        }
        return { redirectTo: doneUrl("moved") };
      });
      return leave(answer.redirectTo);
    }
    if (!booking) throw data(null, { status: 404 });
    return refused(submission, notice(UNCHANGEABLE), 400);
  });
}

const UNCHANGEABLE = "This session cannot be changed that way.";

/**
 * Success leaves this page with or without JavaScript: its link may be spent (cancelled, or
 * replaced by a new one), so staying would reload it into "not found".
 */
const leave = (to: string) => redirect(to, 303);

/** Refunds a paid session before it is cancelled; a refund that fails leaves everything as it was. */
async function refundFirst(context: Route.ActionArgs["context"], booking: Booking, submission: Submission) {
  if (booking.status !== "confirmed" || !booking.paymentId) return false;
  try {
    await refundPayment(context.db, context.env, booking.paymentId, "Cancelled by the booker");
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    throw new FormRefusal(
      refused(submission, notice("The refund could not be made just now; nothing changed. Please try again."), 502),
    );
  }
  // Asked again after a lost answer, the payment is refunded already: that still counts.
  return (await getPayment(context.db, booking.paymentId))?.status === "refunded";
}

/** A dropped connection keeps the page, with a notice to try again. */
export const clientAction = keepFormOnFailure(FAILED);

type ActionResult = Partial<Extract<FormResult, { ok: false }>> & { slots?: Array<{ time: string; startsAt: string }> };

/** Where a change lands: the outcome only, never the booking (the link may be spent by then). */
const doneUrl = (outcome: "cancelled" | "refunded" | "moved") => `/bookings/manage/done?outcome=${outcome}`;

export default function ManageBooking() {
  const booking = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const [key] = useState(newFormKey);
  const submit = useSubmit();
  const provider = usePaymentProvider();
  const [day, setDay] = useState<string | null>(null);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const slotsForm = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (day && slotsForm.current) submit(slotsForm.current);
  }, [day, submit]);

  return (
    <div className="mx-auto max-w-2xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your session" title={booking.title}>
        <LocalTime iso={booking.startsAt} /> · {booking.price}
      </PageHero>
      <div className="grid gap-6">
        <FormAlert message={result?.formError?.description ?? null} />
        {booking.status === "approved" ? (
          <Form
            method="post"
            className="card grid gap-4"
            onSubmit={(event) => {
              if (provider !== "test") return;
              event.preventDefault();
              const card = readCard(event.currentTarget);
              if (!isCard(card)) return setCardErrors(card);
              const input = event.currentTarget.querySelector<HTMLInputElement>("input[name=cardLast4]");
              if (input) input.value = card.last4;
              submit(event.currentTarget);
            }}
          >
            <h2 className="font-serif text-2xl font-semibold">Confirm your place</h2>
            <TestModeNotice cards />
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name={FORM_KEY_FIELD} defaultValue={key} suppressHydrationWarning />
            <input type="hidden" name="cardLast4" />
            {provider === "test" ? <CardFields errors={cardErrors} disabled={busy} /> : null}
            <button type="submit" className="btn-gold" disabled={busy}>
              {busy ? "Processing..." : `Pay ${booking.price}`}
            </button>
          </Form>
        ) : null}
        {booking.changeable && booking.status === "confirmed" ? (
          <section className="card grid gap-4">
            <h2 className="font-serif text-2xl font-semibold">Choose another time</h2>
            <DatePicker
              first={booking.range.first}
              last={booking.range.last}
              blocked={booking.range.blocked}
              selected={day}
              onSelect={setDay}
            />
            <Form method="post" ref={slotsForm} className="hidden">
              <input type="hidden" name="intent" value="slots" />
              <input type="hidden" name="day" value={day ?? ""} />
            </Form>
            {day && result?.slots ? (
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="intent" value="reschedule" />
                <input type="hidden" name={FORM_KEY_FIELD} defaultValue={key} suppressHydrationWarning />
                <input type="hidden" name="day" value={day} />
                {result.slots.length === 0 ? <p className="text-mist-muted">No times are free on this day.</p> : null}
                {result.slots.map((s) => (
                  <button key={s.time} type="submit" name="time" value={s.time} className="btn-ghost" disabled={busy}>
                    {formatTime(s.startsAt, browserZone())}
                  </button>
                ))}
              </Form>
            ) : null}
          </section>
        ) : null}
        {booking.changeable && ["confirmed", "requested", "approved"].includes(booking.status) ? (
          <Form
            method="post"
            className="card"
            onSubmit={(e) => {
              if (!window.confirm("Cancel this session?")) e.preventDefault();
            }}
          >
            <input type="hidden" name={FORM_KEY_FIELD} defaultValue={key} suppressHydrationWarning />
            <h2 className="font-serif text-2xl font-semibold">Cancel</h2>
            <p className="mt-2 text-mist-muted">
              A paid session is refunded in full when cancelled more than {CHANGE_WINDOW_HOURS} hours before it starts.
            </p>
            <button type="submit" name="intent" value="cancel" className="btn-ghost mt-4" disabled={busy}>
              Cancel this session
            </button>
          </Form>
        ) : (
          <p className="card text-mist-muted">
            {booking.status === "confirmed" ? CLOSED : `This session is ${booking.status}.`}
          </p>
        )}
      </div>
    </div>
  );
}
