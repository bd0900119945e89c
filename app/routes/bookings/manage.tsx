import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import { DatePicker } from "~/components/bookings/date-picker";
import { browserZone, LocalTime } from "~/components/bookings/local-time";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { type CardErrors, CardFields, isCard, readCard } from "~/components/payments/card-fields";
import { TestModeNotice, usePaymentProvider } from "~/components/payments/test-mode-notice";
import { formToObject } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { blockedDaysAhead, freeSlots } from "~/modules/bookings/availability.server";
import { payForBooking } from "~/modules/bookings/book.server";
import { bookingByToken, cancelBooking, changeable, rescheduleBooking } from "~/modules/bookings/changes.server";
import { bookingTitle } from "~/modules/bookings/mails";
import { BOOKING_MESSAGES, CHANGE_WINDOW_HOURS } from "~/modules/bookings/messages";
import { bookableRange, formatTime } from "~/modules/bookings/time";
import { formatCents } from "~/modules/giving/amounts";
import { PaymentProviderError, refundPayment } from "~/modules/payments/payments.server";
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const booking = await bookingByToken(context.db, params.token);
  if (!booking) throw data(null, { status: 404 });
  const fields = formToObject(await request.formData());
  if (fields.intent === "slots") {
    return { slots: await freeSlots(context.db, booking.offerId, fields.day ?? "") };
  }
  if (fields.intent === "pay" && booking.status === "approved") {
    const outcome = await payForBooking(context.db, context.env, booking, fields.cardLast4 || undefined);
    if (outcome.kind === "redirect") throw redirect(outcome.url);
    if (outcome.kind === "confirmed") throw redirect("/booking-confirmed");
    return data({ error: BOOKING_MESSAGES.failed.description }, { status: 402 });
  }
  if (!changeable(booking)) return data({ error: CLOSED }, { status: 409 });
  if (fields.intent === "cancel") {
    let refunded = false;
    if (booking.status === "confirmed" && booking.paymentId) {
      try {
        refunded = Boolean(await refundPayment(context.db, context.env, booking.paymentId, "Cancelled by the booker"));
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        return data(
          { error: "The refund could not be made just now; nothing changed. Please try again." },
          { status: 502 },
        );
      }
    }
    await cancelBooking(context.db, booking, refunded);
    return { done: refunded ? "Your session is cancelled and your payment refunded." : "Your session is cancelled." };
  }
  if (fields.intent === "reschedule" && booking.status === "confirmed") {
    const outcome = await rescheduleBooking(context.db, context.env, booking, fields.day ?? "", fields.time ?? "");
    if (outcome === "taken") return data({ error: BOOKING_MESSAGES.taken.description }, { status: 409 });
    if (outcome === "closed") return data({ error: BOOKING_MESSAGES.closed.description }, { status: 409 });
    return { done: "Your session has moved. A new confirmation and link are on their way to your email." };
  }
  return data({ error: "This session cannot be changed that way." }, { status: 400 });
}

type ActionResult = { error?: string; done?: string; slots?: Array<{ time: string; startsAt: string }> };

export default function ManageBooking() {
  const booking = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const submit = useSubmit();
  const provider = usePaymentProvider();
  const [day, setDay] = useState<string | null>(null);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const slotsForm = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (day && slotsForm.current) submit(slotsForm.current);
  }, [day, submit]);

  if (result?.done) {
    return (
      <div className="mx-auto max-w-xl px-4 sm:px-6">
        <PageHero eyebrow="Your session" title="Done">
          {result.done}
        </PageHero>
        <div className="flex justify-center">
          <Link to="/" className="btn-gold">
            Return to Homepage
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your session" title={booking.title}>
        <LocalTime iso={booking.startsAt} /> · {booking.price}
      </PageHero>
      <div className="grid gap-6">
        <FormAlert message={result?.error ?? null} />
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
