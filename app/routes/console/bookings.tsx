import { Download } from "lucide-react";
import { data, Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { StatusBadge } from "~/components/console/status-badge";
import { FormAlert } from "~/components/forms/form-alert";
import { DAY_INVALID, isDay } from "~/lib/days";
import { formToObject } from "~/lib/forms";
import { requireStaff } from "~/modules/accounts/session.server";
import { decideRequest } from "~/modules/bookings/bookings.server";
import { bookingRangeFrom } from "~/modules/bookings/console-range";
import { bookingTitle } from "~/modules/bookings/mails";
import {
  blockDay,
  bookingsBetween,
  listBlockedDays,
  pendingRequests,
  unblockDay,
} from "~/modules/bookings/schedule.server";
import { dayIn, formatSlot, SLOT_ZONE } from "~/modules/bookings/time";
import { formatCents } from "~/modules/giving/amounts";
import type { Route } from "./+types/bookings";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const range = bookingRangeFrom(new URL(request.url));
  const [rows, requests, blocked] = await Promise.all([
    range.invalid ? [] : bookingsBetween(context.db, range.start, range.end),
    pendingRequests(context.db),
    listBlockedDays(context.db, dayIn(new Date(), SLOT_ZONE)),
  ]);
  const confirmed = rows.filter((b) => b.status === "confirmed");
  const view = rows.map((b) => ({
    id: b.id,
    day: dayIn(b.startsAt, SLOT_ZONE),
    when: formatSlot(b.startsAt, SLOT_ZONE),
    title: bookingTitle(b),
    status: b.status,
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
  const viewer = await requireStaff(request, context);
  const fields = formToObject(await request.formData());
  switch (fields.intent) {
    case "approve":
    case "decline": {
      const outcome = await decideRequest(context.db, context.env, {
        id: fields.id ?? "",
        decision: fields.intent,
        staffName: viewer.name,
      });
      if (outcome !== "done") return data({ error: "This request has already been decided." }, { status: 409 });
      return { error: null };
    }
    case "block": {
      const reason = (fields.reason ?? "").trim();
      if (!isDay(fields.day ?? "")) return data({ error: "Choose a day to close." }, { status: 400 });
      if (!reason || reason.length > 200)
        return data({ error: "Give a short reason (up to 200 characters)." }, { status: 400 });
      await blockDay(context.db, fields.day ?? "", reason, viewer.name);
      return { error: null };
    }
    case "unblock":
      await unblockDay(context.db, fields.day ?? "");
      return { error: null };
    default:
      return data({ error: "Unknown action." }, { status: 400 });
  }
}

export default function ConsoleBookings() {
  const { byDay, totals, requests, blocked, fromDay, days, filterError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
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
      <FormAlert message={result?.error ?? null} />

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
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="id" value={r.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="approve"
                    className="btn-gold px-4 py-1.5 text-sm"
                    disabled={busy}
                  >
                    Approve
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="decline"
                    className="btn-ghost px-4 py-1.5 text-sm"
                    disabled={busy}
                  >
                    Decline
                  </button>
                </Form>
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
                  <StatusBadge status={b.status} />
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
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="block" />
          <label className="grid gap-1 text-sm">
            Day
            <input type="date" name="day" required className="field" />
          </label>
          <label className="grid flex-1 gap-1 text-sm">
            Reason
            <input name="reason" required maxLength={200} className="field" />
          </label>
          <button type="submit" className="btn-ghost" disabled={busy}>
            Close day
          </button>
        </Form>
        <ul className="mt-4 space-y-2 text-sm">
          {blocked.map((b) => (
            <li key={b.day} className="flex items-center justify-between gap-3">
              <span>
                {b.day} · {b.reason} <span className="text-mist-muted">({b.blockedByName})</span>
              </span>
              <Form method="post">
                <input type="hidden" name="day" value={b.day} />
                <button type="submit" name="intent" value="unblock" className="text-violet-200 underline">
                  Reopen
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
