import { Link } from "react-router";
import type { Wellbeing } from "~/modules/follow-ups/wellbeing.server";
import { WellbeingChart } from "./wellbeing-chart";

/** The dashboard's check-ins waiting for the member, each a link to its page. */
export function OpenCheckIns({ items }: { items: ReadonlyArray<{ id: number; title: string }> }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="check-ins-h" className="card mb-8 border-gold/40">
      <h2 id="check-ins-h" className="font-serif text-2xl font-semibold">
        {items.length === 1 ? "A check-in is waiting for you" : "Check-ins are waiting for you"}
      </h2>
      <p className="mt-2 text-mist-muted">
        A few minutes on how you have been since your session. Only you see your answers.
      </p>
      <ul className="mt-3 grid gap-1">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={`/follow-ups/${item.id}`}
              className="text-violet-200 underline underline-offset-4 hover:text-gold"
            >
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The member's own wellbeing over time (issue 33): shown to them here, in their export, and nowhere else. */
export function WellbeingCard({ wellbeing }: { wellbeing: Wellbeing | null }) {
  if (!wellbeing) return null;
  return (
    <section aria-labelledby="wellbeing-h" className="card mt-8">
      <h2 id="wellbeing-h" className="font-serif text-2xl font-semibold">
        Your wellbeing over time
      </h2>
      <p className="mt-2 max-w-3xl text-mist-muted">
        Your answers to the check-ins after a session (the WHO-5 Wellbeing Index, 0 to 100) and your daily moods from
        the{" "}
        <Link to="/calendar" className="text-violet-200 underline underline-offset-4 hover:text-gold">
          calendar
        </Link>
        , over the last six months. Only you see this; no keeper and no report does. A score is a sign of how two weeks
        felt, not a diagnosis; a check-in sooner after a session asks only for your words.
      </p>
      <WellbeingChart {...wellbeing} />
    </section>
  );
}
