import { data } from "react-router";
import { appContext, viewerContext } from "~/context";
import { getSession, sessionMarkdown } from "~/modules/integration/sessions.server";
import type { Route } from "./+types/integration-export";

/** "Export" one session as Markdown or JSON: the member's own only, never cached. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const session = await getSession(handles.db, handles.env, viewer.id, params.id);
  if (!session) throw data(null, { status: 404 });
  const json = new URL(request.url).searchParams.get("format") === "json";
  return new Response(json ? JSON.stringify(session, null, 2) : sessionMarkdown(session), {
    headers: {
      "Content-Type": json ? "application/json; charset=utf-8" : "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="integration-session-${session.createdAt.toISOString().slice(0, 10)}.${json ? "json" : "md"}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
