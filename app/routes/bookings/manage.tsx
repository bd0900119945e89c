import { useState } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";
import { DayLinks, TimeChoices } from "~/components/bookings/day-choice";
import { LocalTime } from "~/components/bookings/local-time";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import {
  ApprovalNote,
  type CardErrors,
  CardFields,
  isCard,
  readCard,
  useCardFields,
} from "~/components/payments/card-fields";
import { PaymentsOffNotice } from "~/components/payments/payments-off-notice";
import { TestModeNotice, usePaymentProvider, usePaysElsewhere } from "~/components/payments/test-mode-notice";
import { appContext } from "~/context";
import { FormRefusal, handleForm, handOff, readSubmission, refused, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { useForm } from "~/forms/use-form";
import { formatDayShort } from "~/lib/dates";
import { privateMeta } from "~/lib/private-meta";
import { linkSubject } from "~/lib/tokens.server";
import { dayChoice } from "~/modules/bookings/availability.server";
import { payForBooking } from "~/modules/bookings/book.server";
import { bookingByToken, cancelThroughLink, changeable, rescheduleBooking } from "~/modules/bookings/changes.server";
import { bookingTitle } from "~/modules/bookings/mails";
import { BOOKING_MESSAGES, BOOKING_OFF_MESSAGES, CHANGE_WINDOW_HOURS } from "~/modules/bookings/messages";
import { formatCents } from "~/modules/giving/amounts";
import { PaymentProviderError } from "~/modules/payments/payments.server";
import { onlinePayments } from "~/modules/payments/providers.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/manage";

export const meta: Route.MetaFunction = () => privateMeta("Your Session");
/**
 * The link's token never leaves in a Referer to another site. Not "no-referrer": a browser then
 * sends `Origin: null` with the page's own forms, which the cross-site check must refuse.
 */
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

const CLOSED = `Changes are closed within ${CHANGE_WINDOW_HOURS} hours of the session. Please write to us.`;

/** The emailed link: see the session, cancel or reschedule it (no sign-in), or pay an approved mentorship. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const booking = await bookingByToken(handles.db, params.token);
  if (!booking) throw data(null, { status: 404 });
  const movable = booking.status === "confirmed" && changeable(booking);
  return {
    title: bookingTitle(booking),
    offerId: booking.offerId,
    startsAt: booking.startsAt.toISOString(),
    status: booking.status,
    price: formatCents(booking.priceCents),
    changeable: changeable(booking),
    // Another time: days as links, a chosen day's free times (the page's address holds the day).
    choice: movable ? await dayChoice(handles.db, booking.offerId, new URL(request.url)) : null,
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
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  const intent = submission.fields.intent ?? "";
  const booking = await bookingByToken(handles.db, params.token);
  return handleForm(submission, FAILED, handles.logger, async () => {
    // A visitor's key (the link is the only credential): no account owns it, the link names the booking.
    const identity = {
      scope: `booking.${intent}`,
      key: submission.key,
      subject: linkSubject("booking-link", params.token),
    };
    const closed = booking !== null && !changeable(booking);
    switch (intent) {
      case "pay":
        // Paying an approved mentorship is not a change: the change window does not apply.
        if (booking?.status === "approved") {
          if (!onlinePayments(handles.env)) return refused(submission, BOOKING_OFF_MESSAGES.pay, 409);
          const outcome = await payForBooking(
            handles.db,
            handles.env,
            booking,
            submission.fields.cardLast4 || undefined,
          );
          if (outcome.kind === "redirect") return handOff(outcome.url);
          if (outcome.kind === "confirmed") return leave("/booking-confirmed");
          return refused(submission, BOOKING_MESSAGES.failed, 402);
        }
        if (closed) return refused(submission, notice(CLOSED), 409);
        if (!booking) throw data(null, { status: 404 });
        return refused(submission, notice(UNCHANGEABLE), 400);
      case "cancel": {
        if (closed) return refused(submission, notice(CLOSED), 409);
        const answer = await once(handles.db, identity, async (tx) => {
          if (!booking?.manageTokenHash) throw data(null, { status: 404 });
          const cancelled = await cancelThroughLink(tx, handles.env, booking.id, booking.manageTokenHash).catch(
            (error: unknown) => {
              if (!(error instanceof PaymentProviderError)) throw error;
              throw new FormRefusal(refused(submission, notice(REFUND_FAILED), 502));
            },
          );
          if (!cancelled) throw data(null, { status: 404 });
          return { redirectTo: doneUrl(cancelled.refunded ? "refunded" : "cancelled") };
        });
        return leave(answer.redirectTo);
      }
      case "reschedule": {
        if (closed) return refused(submission, notice(CLOSED), 409);
        const answer = await once(handles.db, identity, async (tx) => {
          if (!booking) throw data(null, { status: 404 });
          if (booking.status !== "confirmed") throw new FormRefusal(refused(submission, notice(UNCHANGEABLE), 400));
          const { day = "", time = "" } = submission.fields;
          const outcome = await rescheduleBooking(tx, handles.env, booking, day, time);
          if (outcome !== "done") {
            const why = outcome === "taken" ? BOOKING_MESSAGES.taken : BOOKING_MESSAGES.closed;
            throw new FormRefusal(refused(submission, notice(why.description), 409));
          }
          return { redirectTo: doneUrl("moved") };
        });
        return leave(answer.redirectTo);
      }
      default:
        return unknownForm(submission);
    }
  });
}

const UNCHANGEABLE = "This session cannot be changed that way.";
const REFUND_FAILED = "The refund could not be made just now; nothing changed. Please try again.";

/**
 * Success leaves this page with or without JavaScript: its link may be spent (cancelled, or
 * replaced by a new one), so staying would reload it into "not found".
 */
const leave = (to: string) => redirect(to, 303);

/** A dropped connection keeps the page, with a notice to try again. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, FAILED);

/** Where a change lands: the outcome only, never the booking (the link may be spent by then). */
const doneUrl = (outcome: "cancelled" | "refunded" | "moved") => `/bookings/manage/done?outcome=${outcome}`;

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const booking = loaderData;
  const result = actionData;
  // Each form shows its own answer (the page's three forms share one action).
  const answerTo = (intent: string) => (result && !result.ok && result.values?.intent === intent ? result : undefined);
  const cards = useCardFields();
  const provider = usePaymentProvider();
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const pay = useForm({ id: "pay", result: answerTo("pay"), handsOff: usePaysElsewhere() });
  const move = useForm({ id: "move", result: answerTo("reschedule") });
  const cancel = useForm({ id: "cancel", result: answerTo("cancel") });
  const busy = pay.pending || move.pending || cancel.pending;
  const choice = booking.choice;

  return (
    <div className="mx-auto max-w-2xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your session" title={booking.title}>
        <LocalTime iso={booking.startsAt} /> · {booking.price}
      </PageHero>
      <div className="grid gap-6">
        <FormAlert message={result && !result.ok ? (result.formError?.description ?? null) : null} />
        {booking.status === "approved" && provider === "none" ? (
          <PaymentsOffNotice notice={BOOKING_OFF_MESSAGES.pay} />
        ) : booking.status === "approved" ? (
          <Form
            method="post"
            className="card grid gap-4"
            {...pay.props}
            onSubmit={(event) => {
              if (cards) {
                const card = readCard(event.currentTarget);
                if (!isCard(card)) {
                  event.preventDefault();
                  return setCardErrors(card);
                }
                const input = event.currentTarget.querySelector<HTMLInputElement>("input[name=cardLast4]");
                if (input) input.value = card.last4;
              }
              void pay.props.onSubmit(event);
            }}
          >
            <h2 className="font-serif text-2xl font-semibold">Confirm your place</h2>
            <TestModeNotice cards={cards} />
            <input type="hidden" name="intent" value="pay" />
            <input {...pay.keyField} />
            {cards ? (
              <>
                <input type="hidden" name="cardLast4" />
                <CardFields errors={cardErrors} disabled={busy} />
              </>
            ) : (
              <ApprovalNote />
            )}
            <button type="submit" className="btn-gold" disabled={busy}>
              {pay.pending ? "Processing..." : `Pay ${booking.price}`}
            </button>
          </Form>
        ) : null}
        {choice ? (
          <>
            <DayLinks
              id="move-days"
              heading="Choose another day"
              days={choice.days}
              more={choice.more}
              day={choice.day}
              timesId="move-times"
            />
            {choice.day ? (
              <Form method="post" id="move-times" className="card grid gap-4" {...move.props}>
                <input type="hidden" name="intent" value="reschedule" />
                <input type="hidden" name="day" value={choice.day} />
                <input {...move.keyField} />
                <TimeChoices
                  id="move-time"
                  legend={`Choose a time on ${formatDayShort(choice.day)}`}
                  slots={choice.slots}
                  chosen={move.field("time").defaultValue}
                  error={move.errors.time}
                />
                {choice.slots.length > 0 ? (
                  <button type="submit" className="btn-gold justify-self-start" disabled={busy}>
                    {move.pending ? "Moving..." : "Move my session"}
                  </button>
                ) : null}
              </Form>
            ) : null}
          </>
        ) : null}
        {booking.changeable && ["confirmed", "requested", "approved"].includes(booking.status) ? (
          <Form
            method="post"
            className="card"
            {...cancel.props}
            onSubmit={(event) => {
              if (!window.confirm("Cancel this session?")) return event.preventDefault();
              void cancel.props.onSubmit(event);
            }}
          >
            <input {...cancel.keyField} />
            <h2 className="font-serif text-2xl font-semibold">Cancel</h2>
            <p className="mt-2 text-mist-muted">
              A paid session is refunded in full when cancelled more than {CHANGE_WINDOW_HOURS} hours before it starts.
            </p>
            <button type="submit" name="intent" value="cancel" className="btn-ghost mt-4" disabled={busy}>
              {cancel.pending ? "Cancelling..." : "Cancel this session"}
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

/** A spent or unknown link: say why and where the current one is, not only "page not found". */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="mx-auto max-w-xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your session" title="This link is no longer valid">
        A cancelled session's link ends, and a moved session has a new link: open the one in your latest email about
        this session.
      </PageHero>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/contact" className="btn-gold">
          Write to us
        </Link>
        <Link to="/" className="btn-ghost">
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}
