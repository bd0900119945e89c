import { CalendarPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { CheckinChart } from "~/components/calendar/checkin-chart";
import { MonthCalendar } from "~/components/calendar/month-calendar";
import { UpcomingCircles } from "~/components/circles/upcoming-circles";
import { StatusBadge } from "~/components/console/status-badge";
import { NoticeBox } from "~/components/forms/notice-box";
import { WhatIsThis } from "~/components/help/what-is-this";
import { notify } from "~/components/ui/notify";
import { type BookableOffer, bookableOfferView } from "~/content/journey";
import { appContext, viewerContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { addDays, dayIn, formatDayLong, formatSlot, isDay, zonedInstant } from "~/lib/dates";
import { privateMeta } from "~/lib/private-meta";
import { bookingTitle } from "~/modules/bookings/mails";
import { memberSessionCount, upcomingForMember } from "~/modules/bookings/schedule.server";
import { checkIn, checkinsIn, journalIn, monthAndRecent } from "~/modules/calendar/calendar.server";
import { CHECKIN_CHOICES, type CheckinLabel } from "~/modules/calendar/checkin-choices";
import { CALENDAR_MESSAGES } from "~/modules/calendar/messages";
import { checkinSchema } from "~/modules/calendar/validation";
import { upcomingCircles } from "~/modules/circles/signups.server";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = () => privateMeta("Sacred Session Calendar");

/** The booking dialog loads when a session is chosen. */
const BookingDialog = lazy(() =>
  import("~/components/bookings/booking-dialog").then((m) => ({ default: m.BookingDialog })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const zone = viewer.timezone;
  const today = dayIn(new Date(), zone);
  const url = new URL(request.url);
  const asked = url.searchParams.get("date") ?? "";
  // A day our own links wrote; anything else shows today (lib/dates).
  const selected = isDay(asked) ? asked : today;
  const range = url.searchParams.get("range") === "90" ? 90 : 30;

  const monthStart = `${selected.slice(0, 7)}-01`;
  const monthEnd = addDays(`${addDays(monthStart, 32).slice(0, 7)}-01`, -1);
  const thisMonthStart = `${today.slice(0, 7)}-01`;
  const chartStart = addDays(today, -(range - 1));
  const nextMonthStart = `${addDays(thisMonthStart, 32).slice(0, 7)}-01`;
  const recentFrom = chartStart < thisMonthStart ? chartStart : thisMonthStart;
  const [activity, upcoming, sessions, circles] = await Promise.all([
    monthAndRecent(handles.db, viewer.id, zone, [monthStart, monthEnd], [recentFrom, today]),
    upcomingForMember(handles.db, viewer.id),
    memberSessionCount(
      handles.db,
      viewer.id,
      zonedInstant(thisMonthStart, "00:00", zone),
      zonedInstant(nextMonthStart, "00:00", zone),
    ),
    upcomingCircles(handles.db, viewer.id),
  ]);
  const { month: shown, recent } = activity;
  const monthCheckins = checkinsIn(shown, monthStart, monthEnd);
  const chartCheckins = checkinsIn(recent, chartStart, today);
  const nowCheckins = checkinsIn(recent, thisMonthStart, today);
  const monthJournal = journalIn(shown, monthStart, monthEnd);
  const chartJournal = journalIn(recent, chartStart, today);
  const nowJournal = journalIn(recent, thisMonthStart, today);
  const byDay = new Map(chartCheckins.map((c) => [c.day, c.emotion]));
  return {
    // The booking dialog starts with the member's own name and address.
    booker: { name: viewer.name, email: viewer.email },
    today,
    selected,
    range,
    todaysCheckin: byDay.get(today) ?? null,
    upcoming: upcoming.map((b) => ({
      id: b.id,
      title: bookingTitle(b),
      when: formatSlot(b.startsAt, zone),
      status: b.status === "confirmed" ? "confirmed" : "pending",
    })),
    marked: [...new Set([...monthCheckins.map((c) => c.day), ...Object.keys(monthJournal.perDay)])],
    selectedDay: {
      checkin: monthCheckins.find((c) => c.day === selected)?.emotion ?? null,
      journal: monthJournal.perDay[selected] ?? 0,
    },
    chart: {
      days: Array.from({ length: range }, (_, i) => {
        const day = addDays(chartStart, i);
        return { day, emotion: byDay.get(day) ?? null, journal: chartJournal.perDay[day] ?? 0 };
      }),
      journalEmotions: chartJournal.emotions,
    },
    circles: circles.map(({ startsAt, ...c }) => ({ ...c, when: formatSlot(startsAt, zone) })),
    thisMonth: {
      sessions,
      journal: Object.values(nowJournal.perDay).reduce((a, b) => a + b, 0),
      checkins: nowCheckins.length,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CALENDAR_MESSAGES.checkinNotSaved, handles.logger, async () => {
    const parsed = parse(submission, checkinSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const emotion = parsed.data.emotion as CheckinLabel;
    const today = dayIn(new Date(), viewer.timezone);
    // Setting today's feeling to a given one is naturally idempotent: a repeat stores nothing new (no key needed).
    await checkIn(handles.db, viewer.id, today, emotion);
    return succeeded(request, { redirectTo: donePage("/calendar", "checked"), data: { emotion } });
  });
}

/** A dropped connection shows the check-in's notice, not the error page (decision 008). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepFormOnFailure(args, CALENDAR_MESSAGES.checkinNotSaved);

export default function Calendar({ loaderData, actionData }: Route.ComponentProps) {
  const { booker, today, selected, range, todaysCheckin, marked, selectedDay, chart, thisMonth, upcoming, circles } =
    loaderData;
  const [booking, setBooking] = useState<BookableOffer | null>(null);
  const result = actionData;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  // No schema in the browser: the feeling is the button pressed, and every button is a valid one.
  const checkin = useForm<{ emotion: string }>({
    id: "checkin",
    result,
    onSuccess(saved) {
      if (saved) notify("success", "Check-in saved", { description: `You're feeling ${saved.emotion} today.` });
    },
    onFailure(failed) {
      if (failed.formError) notify("error", failed.formError.title, { description: failed.formError.description });
    },
  });
  const pending = navigation.formData?.get("emotion");
  const feeling = typeof pending === "string" ? pending : todaysCheckin;
  // Without JavaScript a check-in lands here with ?done=checked: the page says it was saved, with the feeling.
  const checkedIn = params.get(OUTCOME_PARAM) === "checked" && !result && todaysCheckin;
  const problem = checkin.errors.emotion ?? checkin.formError?.description;

  const rangeLink = (r: number) => {
    const next = new URLSearchParams(params);
    next.set("range", String(r));
    return `?${next}`;
  };

  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Sacred Session Calendar</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          Your days, your sessions and how you have been feeling.
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-label="Calendar" className="card">
          <MonthCalendar selected={selected} today={today} marked={marked} />
          <p className="mt-4 text-sm" aria-live="polite">
            <span className="font-semibold">{formatDayLong(selected)}</span>
            {`: ${selectedDay.checkin ? `you felt ${selectedDay.checkin}` : "no check-in"}; ${selectedDay.journal} journal entr${selectedDay.journal === 1 ? "y" : "ies"}.`}
          </p>
        </section>
        <section aria-labelledby="checkin-title" className="card">
          <h2 id="checkin-title" className="font-serif text-2xl font-semibold">
            Daily Emotional Check-in
          </h2>
          <p className="mt-1 text-mist-muted">How are you feeling today? You can change it until the day ends.</p>
          <WhatIsThis topic="check-ins" className="mt-2" />
          {problem ? (
            <NoticeBox inline className="mt-3">
              {problem}
            </NoticeBox>
          ) : null}
          {checkedIn ? (
            <NoticeBox tone="success" inline className="mt-3">
              {`Check-in saved. You're feeling ${todaysCheckin} today.`}
            </NoticeBox>
          ) : null}
          <Form
            method="post"
            preventScrollReset
            className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3"
            {...checkin.props}
          >
            <input {...checkin.keyField} />
            {CHECKIN_CHOICES.map((choice) => (
              <button
                key={choice.label}
                type="submit"
                name="emotion"
                value={choice.label}
                aria-pressed={feeling === choice.label}
                className={`flex flex-col items-center gap-1 rounded-xl border px-3 py-4 transition ${
                  feeling === choice.label ? "bg-white/10" : "border-violet-300/20 hover:bg-violet-500/10"
                }`}
                style={feeling === choice.label ? { borderColor: choice.color } : undefined}
              >
                <span aria-hidden className="text-3xl">
                  {choice.emoji}
                </span>
                <span style={{ color: choice.color }}>{choice.label}</span>
              </button>
            ))}
          </Form>
          <p className="mt-4 min-h-6 text-lg" aria-live="polite">
            {feeling ? `You're feeling ${feeling} today.` : ""}
          </p>
        </section>
        <section aria-labelledby="book-title" className="card">
          <h2 id="book-title" className="flex items-center gap-3 font-serif text-2xl font-semibold">
            <CalendarPlus aria-hidden className="text-gold" />
            Book a Sacred Session
          </h2>
          <p className="mt-2 text-mist-muted">
            A 45-minute Preparation Session on Zoom ($600), or the Subtle Path mentorship ($900, by approval).
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="btn-gold" onClick={() => setBooking(bookableOfferView("preparation"))}>
              Schedule Session
            </button>
            <button type="button" className="btn-ghost" onClick={() => setBooking(bookableOfferView("microdose"))}>
              Request Mentorship
            </button>
          </div>
          {booking ? (
            <Suspense fallback={null}>
              <BookingDialog offer={booking} booker={booker} onClose={() => setBooking(null)} />
            </Suspense>
          ) : null}
        </section>
        <section aria-labelledby="upcoming-title" className="card">
          <h2 id="upcoming-title" className="font-serif text-2xl font-semibold">
            Upcoming Sessions
          </h2>
          {upcoming.length === 0 ? (
            <p className="mt-2 text-mist-muted">
              No sessions booked yet. Booked sessions appear here, in your time zone.
            </p>
          ) : (
            <ul className="mt-3 space-y-3">
              {upcoming.map((s) => (
                <li key={s.id} className="rounded-xl bg-night-900/70 p-3">
                  <p className="font-semibold">{s.title}</p>
                  <p className="text-sm text-mist-muted">
                    {s.when} · <StatusBadge status={s.status} />
                  </p>
                </li>
              ))}
            </ul>
          )}
          <h2 className="mt-6 font-serif text-2xl font-semibold">This Month</h2>
          <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
            {[
              ["Sessions", thisMonth.sessions],
              ["Journal entries", thisMonth.journal],
              ["Check-ins", thisMonth.checkins],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-night-900/70 p-3">
                <dt className="text-sm text-mist-muted">{label}</dt>
                <dd className="text-3xl font-semibold text-gold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="chart-title" className="card lg:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="chart-title" className="font-serif text-2xl font-semibold">
              Your Emotional Landscape
            </h2>
            <nav aria-label="Period" className="flex gap-2 text-sm">
              {[30, 90].map((r) => (
                <Link
                  key={r}
                  to={rangeLink(r)}
                  preventScrollReset
                  aria-current={range === r ? "true" : undefined}
                  className={`rounded-full border px-3 py-1 ${range === r ? "border-gold text-gold" : "border-violet-300/30"}`}
                >
                  {`${r} days`}
                </Link>
              ))}
            </nav>
          </div>
          <div className="mt-4">
            <CheckinChart days={chart.days} journalEmotions={chart.journalEmotions} />
          </div>
        </section>
        <UpcomingCircles circles={circles} />
      </div>
    </>
  );
}
