import { appContext } from "~/context";
import { getViewer } from "~/modules/accounts/session.server";
import type { Route } from "./+types/me";

/**
 * Who is signed in, for the shared public pages that fill in a member's name and email (/donation,
 * the booking dialog). Those pages are cached once for every visitor, so they carry no one's details;
 * the browser asks here after the page has loaded. This answer is the one person's: never stored by
 * any cache (private, no-store) and marked as depending on the cookie.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context.get(appContext));
  const member = viewer ? { name: viewer.name, email: viewer.email } : null;
  return Response.json({ member }, { headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
}
