import { CalendarCheck } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { TextField } from "~/components/forms/field";
import { useForm } from "~/components/forms/use-form";
import { TestModeNotice, usePaymentProvider } from "~/components/payments/test-mode-notice";
import type { BookableOffer } from "~/content/journey";
import type { FormResult } from "~/lib/forms";
import { formatTime, SLOT_ZONE } from "~/modules/bookings/time";

const loadSchema = () => import("~/modules/bookings/validation").then((m) => m.bookingSchema);

interface Props {
  offer: BookableOffer;
  days: string[];
  more: string | null;
  day: string | null;
  slots: Array<{ time: string; startsAt: string }>;
  result: FormResult | undefined;
}

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
const zoneName = new Intl.DateTimeFormat("en-US", { timeZone: SLOT_ZONE, timeZoneName: "long" })
  .formatToParts(new Date())
  .find((p) => p.type === "timeZoneName")?.value;

/**
 * The booking page (/bookings?offer=…): days as links, a day's free times as radios, the details
 * and a plain POST, so it works before JavaScript loads or without it. Times are the congregation's
 * (New York), named, since a page without scripts cannot know the visitor's zone. Payment is
 * approved on the provider's page (no card fields here).
 */
export function BookingPage({ offer, days, more, day, slots, result }: Props) {
  const provider = usePaymentProvider();
  const [params] = useSearchParams();
  const form = useForm({ id: "book", result, schema: loadSchema });
  const chosenTime = form.field("time").defaultValue;
  const base = `/bookings?offer=${offer.id}`;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Book a session" title={offer.title}>
        ${offer.priceUsd}
        {offer.needsApproval ? " · by approval: nothing is charged until a keeper approves" : " · 45 minutes on Zoom"}
      </PageHero>
      <div className="grid gap-6">
        <TestModeNotice />
        {form.formError ? (
          <div role="alert" className="rounded-lg border border-rose-400/50 bg-rose-500/10 p-4">
            <p className="font-semibold text-rose-200">{form.formError.title}</p>
            <p className="text-rose-100">{form.formError.description}</p>
          </div>
        ) : null}
        <section className="card" aria-labelledby="book-days">
          <h2 id="book-days" className="font-serif text-2xl font-semibold">
            1. Choose a day
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {days.map((d) => (
              <li key={d}>
                <Link
                  to={`${base}&day=${d}${params.get("from") ? `&from=${params.get("from")}` : ""}#book-times`}
                  aria-current={d === day ? "true" : undefined}
                  className="block rounded-lg border border-violet-300/25 px-3 py-2 text-center hover:border-gold aria-[current]:border-gold aria-[current]:bg-gold/10"
                >
                  {dayLabel(d)}
                </Link>
              </li>
            ))}
          </ul>
          {more ? (
            <Link to={`${base}&from=${more}`} className="btn-ghost mt-4">
              Later days
            </Link>
          ) : null}
        </section>
        {day ? (
          <Form method="post" action={`${base}&day=${day}`} className="card grid gap-5" id="book-times" {...form.props}>
            <input {...form.keyField} />
            <input type="hidden" name="offerId" value={offer.id} />
            <input type="hidden" name="day" value={day} />
            <fieldset>
              <legend className="font-serif text-2xl font-semibold">2. Choose a time on {dayLabel(day)}</legend>
              <p className="mt-1 text-sm text-mist-muted">Times are {zoneName ?? "New York time"}.</p>
              {slots.length === 0 ? (
                <p className="mt-3 text-mist-muted">No times are free on this day. Please choose another.</p>
              ) : (
                <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {slots.map((s, i) => (
                    <label
                      key={s.time}
                      className="cursor-pointer rounded-lg border border-violet-300/25 px-3 py-2 text-center hover:border-gold has-checked:border-gold has-checked:bg-gold/10 has-focus-visible:outline-2 has-focus-visible:outline-gold"
                    >
                      <input
                        type="radio"
                        name="time"
                        value={s.time}
                        defaultChecked={chosenTime ? chosenTime === s.time : i === 0}
                        className="sr-only"
                      />
                      {formatTime(s.startsAt, SLOT_ZONE)}
                    </label>
                  ))}
                </div>
              )}
              {form.errors.time ? <p className="mt-2 text-sm text-rose-300">{form.errors.time}</p> : null}
            </fieldset>
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
                {offer.needsApproval ? null : (
                  <p className="text-sm text-mist-muted">
                    {provider === "paypal"
                      ? "You will complete the payment with PayPal."
                      : "You approve the test payment on the next page."}
                  </p>
                )}
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
