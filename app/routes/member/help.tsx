import { Link } from "react-router";
import { HELP_TOPICS } from "~/content/member-help";
import { privateMeta } from "~/lib/private-meta";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = () => privateMeta("Help with your member area");

/** Nothing to load; its being here makes a visit in the browser ask the server, so the area's guard runs. */
export async function loader() {
  return null;
}

/** Every "What is this?" of the member area in one place, each with where to find it (issue 50). */
export default function MemberHelp() {
  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Help with your member area</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          The parts people find new, in plain words. Anything else, or anything that feels wrong, write to the Temple
          Keepers through the{" "}
          <Link to="/contact" className="text-violet-200 underline underline-offset-4 hover:text-gold">
            Contact page
          </Link>
          .
        </p>
      </header>
      <nav aria-label="Topics" className="mb-10">
        <ul className="flex flex-wrap justify-center gap-3">
          {HELP_TOPICS.map((topic) => (
            <li key={topic.id}>
              <a href={`#${topic.id}`} className="btn-ghost px-4 py-2 text-sm">
                {topic.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mx-auto grid max-w-3xl gap-6">
        {HELP_TOPICS.map((topic) => (
          <section key={topic.id} id={topic.id} aria-labelledby={`${topic.id}-title`} className="card scroll-mt-24">
            <h2 id={`${topic.id}-title`} className="font-serif text-2xl font-semibold">
              {topic.title}
            </h2>
            <p className="mt-3 text-lg">{topic.short}</p>
            {topic.more.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-mist-muted">
                {paragraph}
              </p>
            ))}
            <Link
              to={topic.where.to}
              className="mt-4 inline-block text-violet-200 underline underline-offset-4 hover:text-gold"
            >
              {`Go to ${topic.where.label}`}
            </Link>
          </section>
        ))}
      </div>
    </>
  );
}
