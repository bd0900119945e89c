import { Link } from "react-router";
import { WhatIsThis } from "~/components/help/what-is-this";
import type { SignupStatus } from "~/modules/circles/signups.server";
import { JoinForm } from "./join-form";

export interface UpcomingCircle {
  id: number;
  title: string;
  description: string;
  when: string;
  minutes: number;
  placesLeft: number;
  status: SignupStatus | null;
}

const PLACE: Record<SignupStatus, string> = {
  attending: "You have a place.",
  waitlisted: "You are on the waitlist.",
  left: "",
};

/** The calendar's integration circles: each with its time, places left, the member's own place, and join or leave. */
export function UpcomingCircles({ circles }: { circles: ReadonlyArray<UpcomingCircle> }) {
  return (
    <section aria-labelledby="circles-h" className="card lg:col-span-2">
      <h2 id="circles-h" className="font-serif text-2xl font-semibold">
        Integration Circles
      </h2>
      <p className="mt-2 text-mist-muted">
        Gatherings online with a Temple Keeper and other members, to share how integration is going and listen to one
        another. Only the keepers see who comes.
      </p>
      <WhatIsThis topic="circles" className="mt-2" />
      {circles.length === 0 ? (
        <p className="mt-4 text-mist-muted">No circle is scheduled yet. The keepers add them here.</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {circles.map((circle) => (
            <li key={circle.id} className="rounded-xl border border-violet-300/20 p-4">
              <h3 className="font-serif text-xl font-semibold">
                <Link to={`/circles/${circle.id}`} className="hover:text-gold">
                  {circle.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-mist-muted">{`${circle.when} · ${circle.minutes} minutes`}</p>
              <p className="mt-2 line-clamp-3 text-mist">{circle.description}</p>
              <p className="mt-2 text-sm">
                {(circle.status && PLACE[circle.status]) ||
                  (circle.placesLeft > 0
                    ? `${circle.placesLeft} ${circle.placesLeft === 1 ? "place" : "places"} left`
                    : "Full: the waitlist is open")}
              </p>
              <div className="mt-3">
                <JoinForm circle={circle} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
