import { appContext, viewerContext } from "~/context";
import { streamedResponse } from "~/lib/streamed";
import { memberExport } from "~/modules/profile/data-export.server";
import type { Route } from "./+types/profile-export";

/**
 * "Download all my data": a read, so a GET; private and never cached. Streamed as it is read
 * (issue 47): a page of each list at a time, whatever years of records the member holds.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const document = await memberExport(handles.db, handles.env, viewer.id);
  if (!document) throw new Error("member not found");
  return streamedResponse(document, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="sacred-path-my-data-${new Date().toISOString().slice(0, 10)}.json"`,
    "Cache-Control": "private, no-store",
  });
}
