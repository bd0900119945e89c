import { ArrowLeft, CalendarCheck, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type CardErrors, CardFields, isCard, readCard } from "~/components/payments/card-fields";
import { PaymentsOffNotice } from "~/components/payments/payments-off-notice";
import { TestModeNotice, usePaymentProvider, usePaysElsewhere } from "~/components/payments/test-mode-notice";
import { notify } from "~/components/ui/notify";
import type { BookableOffer } from "~/content/journey";
import { FORM_KEY_FIELD, type FormResult } from "~/forms/forms";
import { newFormKey, useLeaving } from "~/forms/use-form";
import { browserZone, dayIn, formatSlot, formatTime, formatWeekday } from "~/lib/dates";
import { sanitisePhone } from "~/lib/sanitise";
import { BOOKING_MESSAGES, BOOKING_OFF_MESSAGES } from "~/modules/bookings/messages";
import type { BookingSummary } from "~/modules/bookings/validation";
import { BookingField as Field } from "./booking-field";
import { DatePicker } from "./date-picker";
import { type OpenSlot, useDaySlots, useOpenDays } from "./use-open-slots";

const loadSchema = () => import("~/modules/bookings/validation").then((m) => m.bookingSchema);
type Step = "calendar" | "form" | "confirmation";

/**
 * SPEC.md's booking dialog: calendar, form, confirmation. Slots come from the server as instants
 * and are shown in the visitor's zone, named. Closing resets everything.
 */
/** `booker`: the signed-in member's name and email, to start the form with (they may change them). */
export function BookingDialog({
  offer,
  onClose,
  booker,
}: {
  offer: BookableOffer | null;
  onClose: () => void;
  booker?: { name: string; email: string };
}) {
  return (
    <Dialog.Root open={offer !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed inset-x-3 top-[5vh] z-50 mx-auto max-h-[90vh] max-w-xl overflow-y-auto rounded-2xl border border-violet-300/25 bg-night-900 p-6 shadow-2xl">
          {offer ? <BookingSteps key={offer.id} offer={offer} booker={booker} /> : null}
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-full p-1.5 text-mist-muted hover:text-mist"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BookingSteps({ offer, booker }: { offer: BookableOffer; booker?: { name: string; email: string } }) {
  const provider = usePaymentProvider();
  const cards = provider === "test" && !offer.needsApproval;
  const [step, setStep] = useState<Step>("calendar");
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<OpenSlot | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const fetcher = useFetcher<FormResult<BookingSummary>>();
  // Paid on the provider's page (PayPal): the form is posted by the browser, which follows the 303
  // there itself (use-form.ts `handsOff`); the page stays busy until it has left.
  const handsOff = usePaysElsewhere() && !offer.needsApproval;
  const [leaving, setLeaving] = useLeaving();
  const busy = fetcher.state !== "idle" || leaving;
  const handled = useRef<unknown>(null);
  const [key, setKey] = useState(newFormKey);
  const [summary, setSummary] = useState<BookingSummary | null>(null);
  const zone = browserZone();
  // Posted to the booking page of this offer and day: a refusal the browser lands on (a post of its
  // own, below) shows that page's form with each field's message.
  const bookingPage = `/bookings?offer=${offer.id}&day=${day ?? ""}`;
  const form = useRef<HTMLFormElement>(null);

  const off = provider === "none";
  const range = useOpenDays(offer.id, off);
  const slots = useDaySlots(offer.id, day);
  // A new day: its times load afresh and none is chosen yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new day
  useEffect(() => setSlot(null), [day]);

  // The answer of the form's post (the pipeline's one shape), through the /bookings route's clientAction.
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle" || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.data) {
      setKey(newFormKey());
      setSummary(result.data);
      setStep("confirmation");
      return;
    }
    const notice = (!result.ok && result.formError) || BOOKING_MESSAGES.failed;
    notify("error", notice.title, { description: notice.description });
    if (notice === BOOKING_MESSAGES.taken || notice.description === BOOKING_MESSAGES.taken.description) {
      setStep("calendar");
      setDay(null);
    }
  }, [fetcher.data, fetcher.state]);

  async function submit(target: HTMLFormElement) {
    if (busy || !day || !slot) return;
    const fields = Object.fromEntries(new FormData(target)) as Record<string, string>;
    const input = { ...fields, offerId: offer.id, day, time: slot.time, timeZone: zone };
    const card = cards ? readCard(target) : null;
    const parsed = (await loadSchema()).safeParse({ ...input, cardLast4: "" });
    if (!parsed.success || (card && !isCard(card))) {
      setErrors(
        parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
      );
      setCardErrors(card && !isCard(card) ? card : {});
      notify("error", BOOKING_MESSAGES.missing.title, { description: BOOKING_MESSAGES.missing.description });
      return;
    }
    setErrors({});
    setCardErrors({});
    if (handsOff) {
      setLeaving(true);
      // The hidden fields below carry the choice; a refusal comes back on the booking page.
      HTMLFormElement.prototype.submit.call(target);
      return;
    }
    const body = new FormData();
    for (const [k, v] of Object.entries(input)) body.set(k, v);
    // Only the last four digits leave the browser (DESIGN.md "Card fields").
    if (card && isCard(card)) body.set("cardLast4", card.last4);
    // The one-time key: a double click or a resend after a lost answer books (and charges) once.
    body.set(FORM_KEY_FIELD, key);
    // Every answer comes back as fetcher.data: the confirmation, or the notice of a refusal.
    fetcher.submit(body, { method: "post", action: bookingPage });
  }

  // Online payment off: no calendar and no form, only how to book otherwise.
  if (off) {
    return (
      <div>
        <Dialog.Title className="pr-8 font-serif text-3xl font-semibold">{offer.title}</Dialog.Title>
        <Dialog.Description className="mt-2 mb-4 text-mist-muted">${offer.priceUsd}</Dialog.Description>
        <PaymentsOffNotice notice={BOOKING_OFF_MESSAGES.booking} heading="h3" />
      </div>
    );
  }

  if (step === "confirmation" && summary?.startsAt) {
    return (
      <div role="status">
        <CalendarCheck aria-hidden="true" className="h-8 w-8 text-gold" />
        <Dialog.Title className="mt-3 font-serif text-3xl font-semibold">
          {summary.kind === "requested" ? "Request received" : "Your session is booked"}
        </Dialog.Title>
        <p className="mt-3 text-mist">
          {summary.title}, {formatSlot(summary.startsAt, zone)}.
        </p>
        <Dialog.Description className="mt-3 text-mist-muted">
          {summary.kind === "requested"
            ? `A Temple Keeper will review your request, usually within 48 hours. Nothing is charged unless it is approved; we will write to ${summary.email}.`
            : `A confirmation with a calendar file and a link to cancel or reschedule is on its way to ${summary.email}. Your facilitator will contact you 24 hours before the session.`}
        </Dialog.Description>
        <Dialog.Close className="btn-gold mt-6">Done</Dialog.Close>
      </div>
    );
  }

  return (
    <div>
      <Dialog.Title className="pr-8 font-serif text-3xl font-semibold">{offer.title}</Dialog.Title>
      <Dialog.Description className="mt-2 text-mist-muted">
        ${offer.priceUsd}
        {offer.needsApproval ? " · by approval: nothing is charged until a keeper approves" : " · 45 minutes on Zoom"}
      </Dialog.Description>
      <div className="mt-4">
        <TestModeNotice cards={cards} />
      </div>

      {step === "calendar" ? (
        <div className="mt-6 grid gap-6">
          {range ? (
            <DatePicker
              first={range.first}
              last={range.last}
              blocked={range.blocked}
              selected={day}
              onSelect={setDay}
            />
          ) : (
            <p className="text-mist-muted">Loading the calendar…</p>
          )}
          {day ? (
            <fieldset>
              <legend className="font-semibold">Times, shown in your time zone ({zone})</legend>
              {slots === null ? (
                <p className="mt-2 text-mist-muted">Loading times…</p>
              ) : slots.length === 0 ? (
                <p className="mt-2 text-mist-muted">No times are free on this day. Please choose another.</p>
              ) : (
                <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {slots.map((s) => (
                    <button
                      key={s.time}
                      type="button"
                      aria-pressed={slot?.time === s.time}
                      onClick={() => {
                        setSlot(s);
                        setStep("form");
                      }}
                      className="rounded-lg border border-violet-300/25 px-3 py-2 hover:border-gold aria-pressed:border-gold aria-pressed:bg-gold/10"
                    >
                      {formatTime(s.startsAt, zone)}
                      {dayIn(new Date(s.startsAt), zone) !== day ? (
                        <span className="block text-xs text-mist-muted">{formatWeekday(s.startsAt, zone)}</span>
                      ) : null}
                    </button>
                  ))}
                </div>
              )}
            </fieldset>
          ) : null}
        </div>
      ) : null}

      {step === "form" && slot ? (
        <form
          ref={form}
          noValidate
          method="post"
          action={bookingPage}
          className="mt-6 grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event.currentTarget);
          }}
        >
          {handsOff ? (
            <>
              <input type="hidden" name="offerId" value={offer.id} />
              <input type="hidden" name="day" value={day ?? ""} />
              <input type="hidden" name="time" value={slot.time} />
              <input type="hidden" name="timeZone" value={zone} />
              <input type="hidden" name={FORM_KEY_FIELD} value={key} />
            </>
          ) : null}
          <p className="rounded-lg border border-violet-300/20 p-3 text-sm">{formatSlot(slot.startsAt, zone)}</p>
          <button type="button" className="btn-ghost justify-self-start" onClick={() => setStep("calendar")}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Calendar
          </button>
          <Field
            name="fullName"
            label="Full name"
            autoComplete="name"
            defaultValue={booker?.name}
            error={errors.fullName}
          />
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            defaultValue={booker?.email}
            error={errors.email}
          />
          <Field
            name="phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.phone}
            onInput={(e) => {
              e.currentTarget.value = sanitisePhone(e.currentTarget.value);
            }}
          />
          {cards ? <CardFields errors={cardErrors} disabled={busy} /> : null}
          {provider === "paypal" && !offer.needsApproval ? (
            <p className="text-sm text-mist-muted">You will complete the payment with PayPal.</p>
          ) : null}
          <button type="submit" className="btn-gold" disabled={busy}>
            {busy ? "Booking..." : offer.needsApproval ? "Request Mentorship" : `Confirm and Pay $${offer.priceUsd}`}
          </button>
        </form>
      ) : null}
    </div>
  );
}
