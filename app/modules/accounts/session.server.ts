import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { AppContext } from "../../context";
import { authFor, CLIENT_IP_HEADER, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./auth.server";
import { type Role, sessions } from "./schema";

export interface Viewer {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: Role;
  /** The sign-in address has been proven by following a link sent to it. */
  emailVerified: boolean;
  /** The account has two-factor turned on. */
  twoFactorEnabled: boolean;
  sessionId: string;
  /** This session itself passed the second factor (what the console asks for). */
  sessionTwoFactor: boolean;
}

type Ctx = Pick<AppContext, "db" | "env" | "clientIp">;

/** The request's headers for better-auth, with the client IP our server decided on (never the browser's say). */
export function authHeaders(request: Request, context: Ctx): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.clientIp);
  return headers;
}

const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/** The signed-in person, or null. Looked up once per request, however many loaders ask. */
export function getViewer(request: Request, context: Ctx): Promise<Viewer | null> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = lookUp(request, context);
    viewers.set(request, viewer);
  }
  return viewer;
}

async function lookUp(request: Request, context: Ctx): Promise<Viewer | null> {
  if (!request.headers.get("cookie")) return null;
  const auth = authFor(context.db, context.env);
  const found = await auth.api.getSession({ headers: authHeaders(request, context), query: { disableRefresh: false } });
  if (!found) return null;
  const { user, session } = found;
  const now = Date.now();
  const expired =
    now - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_MS ||
    now - new Date(session.updatedAt).getTime() > SESSION_IDLE_MS;
  if (expired || user.banned) {
    await context.db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username ?? null,
    role: (user.role ?? "member") as Role,
    emailVerified: Boolean(user.emailVerified),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    sessionId: session.id,
    sessionTwoFactor: Boolean(session.twoFactorVerified),
  };
}

/**
 * Only a path on this site, else the dashboard. Printable ASCII only and no backslash: browsers
 * drop tabs and newlines and read "\\" as "/", so "/\t/evil" or "/\\evil" would leave the site.
 */
export function safeRedirectPath(to: string | null | undefined, fallback = "/dashboard"): string {
  if (!to || !/^\/(?!\/)[\x21-\x7e]*$/.test(to) || to.includes("\\")) return fallback;
  return to;
}

function signInRedirect(request: Request): never {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/sacred-access?redirectTo=${encodeURIComponent(back)}`, {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export async function requireViewer(request: Request, context: Ctx): Promise<Viewer> {
  return (await getViewer(request, context)) ?? signInRedirect(request);
}

export const isStaff = (role: Role) => role === "keeper" || role === "admin";

/**
 * Keepers and admins whose session passed the second factor. Staff without two-factor are sent
 * to enrol; a session opened with only the password is sent to prove it (step-up); everyone
 * else gets a 403 (the console's existence is no secret, its content is).
 */
export async function requireStaff(request: Request, context: Ctx, role: "keeper" | "admin" = "keeper") {
  const viewer = await requireViewer(request, context);
  if (!isStaff(viewer.role) || (role === "admin" && viewer.role !== "admin")) {
    throw data(null, { status: 403, statusText: "This page is for Temple Keepers only." });
  }
  if (!viewer.twoFactorEnabled || !viewer.sessionTwoFactor) throw redirect("/console/two-factor");
  return viewer;
}
