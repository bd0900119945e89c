import { data, redirect } from "react-router";
import type { ViewerHandles } from "~/handles";
import { getViewer, getViewerAnd, isStaff, type Viewer } from "~/modules/accounts/session.server";
import type { AlsoRead } from "~/modules/accounts/session-token.server";

/*
 * The guards the member and console layouts' middleware (and a few pages) ask of every request,
 * beside the routes because they answer in HTTP: a redirect to sign in, a 403, a redirect to the
 * second factor. Who the viewer is, and what a role may do, is the accounts module's.
 */

function signInRedirect(url: URL): never {
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/sacred-access?redirectTo=${encodeURIComponent(back)}`, {
    headers: { "Cache-Control": "private, no-store" },
  });
}

/**
 * The signed-in person, or a redirect to sign in and come back to `url`: the address asked for.
 * In middleware that is its `url` argument, not `request.url`, which for React Router's data
 * requests still carries its own `_routes` and `index` parameters.
 */
export async function requireViewer(request: Request, context: ViewerHandles, url: URL): Promise<Viewer> {
  return (await getViewer(request, context)) ?? signInRedirect(url);
}

/**
 * requireViewer, and a value of the viewer's own read with the session (`getViewerAnd`): undefined
 * when the session was read the slow way, and the caller reads it itself.
 */
export async function requireViewerAnd<T>(
  request: Request,
  context: ViewerHandles,
  url: URL,
  also: AlsoRead<T>,
): Promise<{ viewer: Viewer; also: T | undefined }> {
  const { viewer, also: value } = await getViewerAnd(request, context, also);
  return { viewer: viewer ?? signInRedirect(url), also: value };
}

/**
 * Keepers and admins whose session passed the second factor: the console's layout middleware
 * asks it of every console request, and the admin-only pages ask it again with "admin". Staff
 * without two-factor are sent to enrol; a session opened with only the password is sent to prove
 * it (step-up); everyone else gets a 403 (the console's existence is no secret, its content is).
 */
export function requireStaff(viewer: Viewer, role: "keeper" | "admin" = "keeper"): Viewer {
  if (!isStaff(viewer.role) || (role === "admin" && viewer.role !== "admin")) {
    throw data(null, { status: 403, statusText: "This page is for Temple Keepers only." });
  }
  if (!viewer.twoFactorEnabled || !viewer.sessionTwoFactor) throw redirect("/console/two-factor");
  return viewer;
}

/**
 * The member area's per-session rule, as the console's: an account with two-factor on is served
 * only to a session that passed it. Sign-in asks for it, so this catches a session opened another
 * way (before the account turned it on, say); it proves itself once and goes on.
 */
export function requireSecondFactorIfOn(viewer: Viewer): Viewer {
  if (viewer.twoFactorEnabled && !viewer.sessionTwoFactor) throw redirect("/profile/two-factor");
  return viewer;
}
