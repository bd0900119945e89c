import { appContext, viewerContext } from "~/context";
import { exportMemberData } from "~/modules/profile/data-rights.server";
import type { Route } from "./+types/profile-export";

/** "Download all my data": a read, so a GET; private and never cached. */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = router.get(appContext);
  const viewer = router.get(viewerContext);
  const body = JSON.stringify(await exportMemberData(context.db, context.env, viewer.id), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="sacred-path-my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
