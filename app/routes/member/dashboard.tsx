import {
  BookOpen,
  CalendarDays,
  Compass,
  Flower2,
  Library,
  MessageCircleHeart,
  Sparkles,
  UserRound,
} from "lucide-react";
import { Link } from "react-router";
import { OpenCheckIns, WellbeingCard } from "~/components/follow-ups/wellbeing-card";
import { appContext, viewerContext } from "~/context";
import { formatDate, greetingFor, hourIn } from "~/lib/dates";
import { privateMeta } from "~/lib/private-meta";
import { memberPlaces } from "~/modules/ceremonies/places.server";
import { ceremoniesOpen } from "~/modules/ceremonies/setting";
import { recentFollowUps, takesAnswers } from "~/modules/follow-ups/follow-ups.server";
import { WELLBEING_DAYS, wellbeingOverTime } from "~/modules/follow-ups/wellbeing.server";
import { checkInTitle } from "~/modules/follow-ups/who5";
import type { ApplicationStatus } from "~/modules/intake/application-status";
import { memberApplication } from "~/modules/intake/applications.server";
import { hasLinkableRecords } from "~/modules/profile/linking.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => privateMeta("Your Sacred Dashboard");

/** SPEC.md's eight tiles, in its order. */
const TILES = [
  {
    to: "/journals",
    title: "Sacred Journal",
    text: "Write what moved you: emotions, body sensations and insight.",
    icon: BookOpen,
  },
  {
    to: "/preparation-guide",
    title: "Preparation Guide",
    text: "The path before ceremony, with your checklist.",
    icon: Compass,
  },
  {
    to: "/calendar",
    title: "Session Calendar",
    text: "Your sessions, and a daily check-in with how you feel.",
    icon: CalendarDays,
  },
  { to: "/meditations", title: "Guided Meditations", text: "Quiet practices of ten to twenty minutes.", icon: Flower2 },
  {
    to: "/integration",
    title: "Integration Sessions",
    text: "Reflect, speak, share with your facilitator.",
    icon: Sparkles,
  },
  {
    to: "/profile",
    title: "Profile & Settings",
    text: "Your details, medical notes and preferences.",
    icon: UserRound,
  },
  {
    to: "/spirit-companion",
    title: "Spirit Companion",
    text: "Reflection prompts, daily practice and insights.",
    icon: MessageCircleHeart,
  },
  { to: "/resources", title: "Sacred Resources", text: "Books, articles and tools we trust.", icon: Library },
] as const;

/** What each status means to the applicant (never the screening behind it). */
const APPLICATION_STATUS_TEXT: Record<ApplicationStatus, { label: string; text: string }> = {
  new: { label: "received", text: "A Temple Keeper will read it within 48 hours." },
  "in-review": { label: "in review", text: "A Temple Keeper is reading it and may write to you with questions." },
  approved: {
    label: "approved",
    text: "Ceremonies are paused; we will write as soon as dates open. A Preparation Session is open to you meanwhile.",
  },
  declined: { label: "not this time", text: "We have written to you by email. You are welcome to write back." },
  waitlisted: { label: "on the waitlist", text: "We will write to you as soon as ceremonies resume." },
};

export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const timezone = viewer.timezone;
  // Read once for the open check-ins and the wellbeing chart's scores: those due in the chart's months (and two weeks
  // before, for answers given late), however many years of sessions came before.
  const now = new Date();
  const since = new Date(now.getTime() - (WELLBEING_DAYS + 14) * 86_400_000);
  const followUpsRead = recentFollowUps(handles.db, handles.env, viewer.id, since, now);
  const [application, toLink, followUps, wellbeing, ceremony] = await Promise.all([
    memberApplication(handles.db, viewer.id),
    hasLinkableRecords(handles.db, viewer),
    followUpsRead,
    wellbeingOverTime(handles.db, viewer.id, timezone, followUpsRead, now),
    // A place on a ceremony day: only while ceremonies are open (nothing is offered while paused).
    ceremoniesOpen(handles.env) ? memberPlaces(handles.db, viewer.id, now).then((rows) => rows.length > 0) : false,
  ]);
  // Computed on the server in the member's zone and sent as text: no hydration mismatch.
  return {
    greeting: greetingFor(hourIn(timezone)),
    firstName: viewer.name.split(" ")[0] ?? viewer.name,
    application: application
      ? { ...APPLICATION_STATUS_TEXT[application.status], submittedAt: formatDate(application.submittedAt, timezone) }
      : null,
    toLink,
    ceremony,
    // Due, unanswered and not lapsed (two weeks after its due date: follow-ups README): never a growing list.
    openCheckIns: followUps
      .filter((item) => takesAnswers(item, now))
      .map((item) => ({ id: item.id, title: checkInTitle(item.days) })),
    wellbeing:
      wellbeing.scores.length > 0 || wellbeing.words.length > 0 || wellbeing.moods.length > 0 ? wellbeing : null,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { greeting, firstName, application, toLink, ceremony, openCheckIns, wellbeing } = loaderData;
  return (
    <>
      <header className="py-12 text-center sm:py-16">
        <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">Your sacred space</p>
        <h1 className="mt-3 font-serif text-4xl font-semibold sm:text-6xl">
          {greeting}, {firstName}
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-mist-muted">
          Where would you like to begin today? Everything here is private to you.
        </p>
      </header>
      <OpenCheckIns items={openCheckIns} />
      {application ? (
        <section aria-labelledby="application-h" className="card mb-8 border-gold/40">
          <h2 id="application-h" className="font-serif text-2xl font-semibold">
            {`Your ceremony application: ${application.label}`}
          </h2>
          <p className="mt-2 text-mist-muted">
            Submitted {application.submittedAt}. {application.text}
          </p>
        </section>
      ) : null}
      {ceremony ? (
        <section aria-labelledby="ceremony-h" className="card mb-8 border-gold/40">
          <h2 id="ceremony-h" className="font-serif text-2xl font-semibold">
            Your ceremony
          </h2>
          <p className="mt-2 text-mist-muted">
            You are invited to a ceremony day.{" "}
            <Link to="/ceremony" className="text-violet-200 underline underline-offset-4 hover:text-gold">
              See your place and your readiness packet
            </Link>
            .
          </p>
        </section>
      ) : null}
      {toLink ? (
        <section aria-labelledby="link-h" className="card mb-8">
          <h2 id="link-h" className="font-serif text-2xl font-semibold">
            We found things sent from your address
          </h2>
          <p className="mt-2 text-mist-muted">
            Before you signed in, something was sent to us from your confirmed address (an application, a gift, a
            booking...).{" "}
            <Link to="/profile#link-records" className="text-violet-200 underline underline-offset-4 hover:text-gold">
              Review and link it to your account
            </Link>
            .
          </p>
        </section>
      ) : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {TILES.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="card group flex h-full flex-col gap-3 transition hover:-translate-y-0.5 hover:border-gold/60"
            >
              <Icon aria-hidden className="text-gold" size={28} />
              <span className="font-serif text-2xl font-semibold group-hover:text-gold">{title}</span>
              <span className="text-mist-muted">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <WellbeingCard wellbeing={wellbeing} />
    </>
  );
}
