import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { VisionImage } from "~/components/integration/vision-image";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { privateMeta } from "~/lib/private-meta";
import { getSession } from "~/modules/integration/sessions.server";
import type { Route } from "./+types/integration-session";

export const meta: Route.MetaFunction = () => privateMeta("Integration session");

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const session = await getSession(handles.db, handles.env, viewer.id, params.id);
  if (!session) throw data(null, { status: 404 });
  return {
    session: { ...session, createdAt: formatDateTime(session.createdAt, viewer.timezone) },
  };
}

const SECTIONS = [
  ["reflection", "Reflection"],
  ["insights", "Key Insights"],
  ["emotions", "Emotions"],
  ["bodyAwareness", "Body Awareness"],
  ["integrationGoals", "Integration Goals"],
] as const;

export default function IntegrationSessionPage({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  return (
    <article className="mx-auto max-w-3xl py-10">
      <Link to="/integration" className="inline-flex items-center gap-2 text-sm text-violet-200 hover:text-gold">
        <ArrowLeft aria-hidden size={16} />
        All sessions
      </Link>
      <h1 className="mt-6 font-serif text-4xl font-semibold break-words">{session.title}</h1>
      <p className="mt-2 text-sm text-mist-muted">{`${session.createdAt}${session.tags.length ? ` · ${session.tags.join(", ")}` : ""}`}</p>
      {SECTIONS.map(([key, label]) =>
        session[key] ? (
          <section key={key} className="mt-6">
            <h2 className="font-serif text-2xl font-semibold">{label}</h2>
            <p className="mt-2 whitespace-pre-wrap break-words">{session[key]}</p>
          </section>
        ) : null,
      )}
      {session.vision ? (
        <section className="mt-6">
          <h2 className="font-serif text-2xl font-semibold">Vision</h2>
          <div className="mt-3 max-w-md">
            <VisionImage seed={session.vision.seed} label={`Vision: ${session.vision.prompt.slice(0, 100)}`} />
          </div>
        </section>
      ) : null}
      <p className="mt-8 flex flex-wrap gap-3">
        <a href={`/integration/sessions/${session.id}/export?format=md`} download className="btn-ghost">
          Export (Markdown)
        </a>
        <a href={`/integration/sessions/${session.id}/export?format=json`} download className="btn-ghost">
          Export (JSON)
        </a>
      </p>
    </article>
  );
}
