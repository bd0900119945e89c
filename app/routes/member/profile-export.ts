import { appContext, viewerContext } from "~/context";
import { exportMemberData } from "~/modules/profile/data-rights.server";
import type { Route } from "./+types/profile-export";

/** "Download all my data": a read, so a GET; private and never cached. */
export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const body = JSON.stringify(await exportMemberData(handles.db, handles.env, viewer.id), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="sacred-path-my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
