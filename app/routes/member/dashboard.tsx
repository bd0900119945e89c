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
import { Link, useLoaderData } from "react-router";
import { privateMeta } from "~/lib/seo";
import { greetingFor, hourIn } from "~/lib/time-format";
import { requireViewer } from "~/modules/accounts/session.server";
import { memberTimezone } from "~/modules/profile/profile.server";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const timezone = await memberTimezone(context.db, viewer.id);
  // Computed on the server in the member's zone and sent as text: no hydration mismatch.
  return { greeting: greetingFor(hourIn(timezone)), firstName: viewer.name.split(" ")[0] ?? viewer.name };
}

export default function Dashboard() {
  const { greeting, firstName } = useLoaderData<typeof loader>();
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
    </>
  );
}
