import { Download } from "lucide-react";
import { data, Form, useSearchParams } from "react-router";
import { Decide, Reopen } from "~/components/console/booking-forms";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { FieldError } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { appContext, viewerContext } from "~/context";
import { FormRefusal, handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { DAY_INVALID, dayIn, formatSlot } from "~/lib/dates";
import { decideRequest } from "~/modules/bookings/bookings.server";
import { bookingRangeFrom } from "~/modules/bookings/console-range";
import { bookingTitle } from "~/modules/bookings/mails";
import {
  blockDay,
  bookingsWithPayments,
  listBlockedDays,
  pendingRequests,
  unblockDay,
} from "~/modules/bookings/schedule.server";
import { SLOT_ZONE } from "~/modules/bookings/time";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { bookingDecisionSchema, closeDaySchema, reopenDaySchema } from "~/modules/console/validation";
import { formatCents } from "~/modules/giving/amounts";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/bookings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const range = bookingRangeFrom(new URL(request.url));
  const [rows, requests, blocked] = await Promise.all([
    range.invalid ? [] : bookingsWithPayments(handles.db, range.start, range.end),
    pendingRequests(handles.db),
    listBlockedDays(handles.db, dayIn(new Date(), SLOT_ZONE)),
  ]);
  const confirmed = rows.filter((r) => r.booking.status === "confirmed").map((r) => r.booking);
  const view = rows.map(({ booking: b, paymentStatus }) => ({
    id: b.id,
    day: dayIn(b.startsAt, SLOT_ZONE),
    when: formatSlot(b.startsAt, SLOT_ZONE),
    title: bookingTitle(b),
    status: b.status,
    payment: paymentStatus === "captured" ? "paid" : paymentStatus,
    name: b.fullName,
    email: b.email,
    phone: b.phone,
  }));
  const byDay = new Map<string, typeof view>();
  for (const b of view) byDay.set(b.day, [...(byDay.get(b.day) ?? []), b]);
  const page = {
    filterError: range.invalid ? DAY_INVALID : null,
    fromDay: range.fromDay,
    days: range.days,
    byDay: [...byDay.entries()],
    totals: { confirmed: confirmed.length, paid: formatCents(confirmed.reduce((s, b) => s + b.priceCents, 0)) },
    requests: requests.map((b) => ({
      id: b.id,
      name: b.fullName,
      email: b.email,
      when: formatSlot(b.startsAt, SLOT_ZONE),
    })),
    blocked,
  };
  // A `from` that is not a day: the page, with its message and no range (lib/days).
  return range.invalid ? data(page, { status: 400 }) : page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const url = new URL(request.url);
    const landing = (done: keyof typeof CONSOLE_MESSAGES.done.bookings) => ({
      redirectTo: donePage(url.pathname, done, url.searchParams),
      data: { done },
    });
    switch (submission.fields.intent) {
      // Naturally idempotent, so no one-time key: closing a closed day changes nothing
      // (onConflictDoNothing), and reopening deletes what may already be gone.
      case "block": {
        const parsed = parse(submission, closeDaySchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["day", "reason"]);
        await blockDay(handles.db, parsed.data.day, parsed.data.reason, viewer.name);
        return succeeded(request, landing("closed"));
      }
      case "unblock": {
        const parsed = parse(submission, reopenDaySchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors);
        await unblockDay(handles.db, parsed.data.day);
        return succeeded(request, landing("reopened"));
      }
      // The decision buttons carry approve or decline.
      case "approve":
      case "decline": {
        const parsed = parse(submission, bookingDecisionSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors);
        const { id, intent: decision } = parsed.data;
        // One decision (and one email with its payment link) per key: a repeated post gets the first answer.
        const answer = await once(
          handles.db,
          { scope: "console.booking", key: submission.key, ownerId: viewer.id, subject: `booking:${id}` },
          async (tx) => {
            const outcome = await decideRequest(tx, handles.env, { id, decision, staffName: viewer.name });
            if (outcome !== "done") {
              throw new FormRefusal(consoleRefused(submission, "This request has already been decided.", 409));
            }
            return landing(decision === "approve" ? "approved" : "declined");
          },
        );
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadCloseDay = () => import("~/modules/console/validation").then((m) => m.closeDayFields);

export default function ConsoleBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { byDay, totals, requests, blocked, fromDay, days, filterError } = loaderData;
  const result = actionData;
  const closeDay = useForm({ id: "close-day", result, schema: loadCloseDay });
  const day = closeDay.field("day");
  const reason = closeDay.field("reason");
  const busy = closeDay.pending;
  const [params] = useSearchParams();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Bookings</h1>
        <a href={`/console/bookings.csv?${params}`} className="btn-ghost" download>
          <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
        </a>
      </div>
      <p className="mt-2 text-mist-muted">Times are New York time, where the slots are defined.</p>
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.bookings} />

      <section aria-labelledby="requests-h" className="card mt-6">
        <h2 id="requests-h" className="font-semibold">
          Mentorship requests awaiting a decision
        </h2>
        {requests.length === 0 ? (
          <p className="mt-2 text-mist-muted">None.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  {r.name} <span className="break-all text-mist-muted">{r.email}</span>
                  <span className="block text-sm text-mist-muted">{r.when}</span>
                </span>
                <Decide id={r.id} result={result} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          From
          <input type="date" name="from" defaultValue={fromDay} className="field" />
        </label>
        <label className="grid gap-1 text-sm">
          Days
          <input type="number" name="days" min={1} max={92} defaultValue={days} className="field w-24" />
        </label>
        <button type="submit" className="btn-ghost">
          Show
        </button>
      </Form>
      <FormAlert message={filterError} />
      <p className="mt-4 text-sm text-mist-muted">
        {totals.confirmed} confirmed in this range · {totals.paid} paid
      </p>
      {byDay.length === 0 ? (
        <p className="mt-6 text-mist-muted">No bookings in this range.</p>
      ) : (
        byDay.map(([day, items]) => (
          <section key={day} className="mt-6">
            <h2 className="font-semibold">{day}</h2>
            <ul className="mt-2 divide-y divide-violet-300/10">
              {items.map((b) => (
                <li key={b.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                  <span>
                    {b.when} · {b.title}
                    <span className="block text-mist-muted">
                      {b.name} · <span className="break-all">{b.email}</span>
                      {b.phone ? ` · ${b.phone}` : ""}
                    </span>
                  </span>
                  <StatusBadge status={b.status} payment={b.payment} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}

      <section aria-labelledby="blocked-h" className="card mt-8">
        <h2 id="blocked-h" className="font-semibold">
          Closed days
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-start gap-3" {...closeDay.props}>
          <input {...closeDay.keyField} />
          <input type="hidden" name="intent" value="block" />
          <div className="grid gap-1 text-sm">
            <label htmlFor={day.id}>Day</label>
            <input
              type="date"
              id={day.id}
              name="day"
              defaultValue={day.defaultValue}
              required
              className="field"
              aria-invalid={day.error ? true : undefined}
              aria-describedby={day.error ? `${day.id}-error` : undefined}
            />
            <FieldError id={`${day.id}-error`} className="mt-1" message={day.error} />
          </div>
          <div className="grid flex-1 gap-1 text-sm">
            <label htmlFor={reason.id}>Reason</label>
            <input
              id={reason.id}
              name="reason"
              defaultValue={reason.defaultValue}
              required
              maxLength={200}
              className="field"
              aria-invalid={reason.error ? true : undefined}
              aria-describedby={reason.error ? `${reason.id}-error` : undefined}
            />
            <FieldError id={`${reason.id}-error`} className="mt-1" message={reason.error} />
          </div>
          <button type="submit" className="btn-ghost sm:mt-6" disabled={busy}>
            Close day
          </button>
        </Form>
        <ul className="mt-4 space-y-2 text-sm">
          {blocked.map((b) => (
            <li key={b.day} className="flex items-center justify-between gap-3">
              <span>
                {b.day} · {b.reason} <span className="text-mist-muted">({b.blockedByName})</span>
              </span>
              <Reopen day={b.day} result={result} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
