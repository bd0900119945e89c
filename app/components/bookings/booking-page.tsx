import { CalendarCheck } from "lucide-react";
import { Form, useNavigate } from "react-router";
import { DayLinks, TimeChoices } from "~/components/bookings/day-choice";
import { PageHero } from "~/components/content/page-hero";
import { TextField } from "~/components/forms/field";
import { NoticeBox } from "~/components/forms/notice-box";
import { ApprovalNote } from "~/components/payments/card-fields";
import { PaymentsOffNotice } from "~/components/payments/payments-off-notice";
import { TestModeNotice, usePaymentProvider, usePaysElsewhere } from "~/components/payments/test-mode-notice";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { BookableOffer } from "~/content/journey";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { browserZone, formatDayShort } from "~/lib/dates";
import { BOOKING_OFF_MESSAGES } from "~/modules/bookings/messages";
import type { BookingSummary } from "~/modules/bookings/validation";

const loadSchema = () => import("~/modules/bookings/validation").then((m) => m.bookingSchema);

interface Props {
  offer: BookableOffer;
  days: string[];
  more: string | null;
  day: string | null;
  slots: Array<{ time: string; startsAt: string }>;
  result: FormResult<BookingSummary> | undefined;
}

/**
 * The booking page (/bookings?offer=…): days as links, a day's free times as radios, the details
 * and a plain POST, so it works before JavaScript loads or without it. Times are the congregation's
 * (New York), named, since a page without scripts cannot know the visitor's zone. Payment is
 * approved on the provider's page (no card fields here).
 */
export function BookingPage({ offer, days, more, day, slots, result }: Props) {
  const navigate = useNavigate();
  const form = useForm({
    id: "book",
    result,
    schema: loadSchema,
    handsOff: usePaysElsewhere(),
    // A payment goes on to the provider's page (the action's redirect); a request for mentorship is
    // answered here, and goes on to the page that says it was received, as it does without JavaScript.
    onSettled: (booked) => navigate(`/booking-confirmed?kind=${booked?.kind ?? "confirmed"}`),
  });
  const hydrated = useHydrated();
  const provider = usePaymentProvider();
  if (provider === "none") {
    return (
      <div className="mx-auto max-w-3xl px-4 pb-8 sm:px-6">
        <PageHero eyebrow="Book a session" title={offer.title}>
          ${offer.priceUsd}
          {offer.needsApproval ? " · by approval" : " · 45 minutes on Zoom"}
        </PageHero>
        <PaymentsOffNotice notice={BOOKING_OFF_MESSAGES.booking} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Book a session" title={offer.title}>
        ${offer.priceUsd}
        {offer.needsApproval ? " · by approval: nothing is charged until a keeper approves" : " · 45 minutes on Zoom"}
      </PageHero>
      <div className="grid gap-6">
        <TestModeNotice />
        {form.formError ? <NoticeBox notice={form.formError} /> : null}
        <DayLinks id="book-days" heading="1. Choose a day" days={days} more={more} day={day} timesId="book-times" />
        {day ? (
          <Form
            method="post"
            action={`/bookings?offer=${offer.id}&day=${day}`}
            className="card grid gap-5"
            id="book-times"
            {...form.props}
          >
            <input {...form.keyField} />
            <input type="hidden" name="offerId" value={offer.id} />
            <input type="hidden" name="day" value={day} />
            {/* Once the page runs, the visitor's zone, so their mails give their own time too. */}
            <input type="hidden" name="timeZone" value={hydrated ? browserZone() : ""} />
            <TimeChoices
              id="book-time"
              legend={`2. Choose a time on ${formatDayShort(day)}`}
              slots={slots}
              chosen={form.field("time").defaultValue}
              error={form.errors.time}
            />
            {slots.length > 0 ? (
              <>
                <h2 className="font-serif text-2xl font-semibold">3. Your details</h2>
                <TextField {...form.field("fullName")} label="Full name" autoComplete="name" maxLength={100} />
                <TextField {...form.field("email")} label="Email" type="email" autoComplete="email" maxLength={254} />
                <TextField
                  {...form.field("phone")}
                  label="Phone (optional)"
                  type="tel"
                  autoComplete="tel"
                  maxLength={20}
                />
                {offer.needsApproval ? null : <ApprovalNote />}
                <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
                  <CalendarCheck aria-hidden="true" className="h-4 w-4" />
                  {form.pending
                    ? "Booking..."
                    : offer.needsApproval
                      ? "Request Mentorship"
                      : `Confirm and Pay $${offer.priceUsd}`}
                </button>
              </>
            ) : null}
          </Form>
        ) : null}
      </div>
    </div>
  );
}
