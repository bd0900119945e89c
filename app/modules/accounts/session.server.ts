import { eq } from "drizzle-orm";
import type { ViewerHandles } from "../../handles";
import { authFor, CLIENT_IP_HEADER, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./auth.server";
import { DEFAULT_TIMEZONE, profiles, type Role, sessions } from "./schema";
import { type AlsoRead, readSession } from "./session-token.server";

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
  /** The zone the member's times are shown in (their setting, else SPEC.md's default). */
  timezone: string;
}

/** The request's headers for better-auth, with the client IP our server decided on (never the browser's say). */
export function authHeaders(request: Request, context: ViewerHandles): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.clientIp);
  return headers;
}

/**
 * The signed-in person, or null: one session read. Under the member and console layouts their
 * middleware asks once per request and loaders read `viewerContext`; elsewhere a loader or action
 * that wants to know who is asking calls this.
 */
export async function getViewer(request: Request, context: ViewerHandles): Promise<Viewer | null> {
  return (await readViewer(request, context)).viewer;
}

/**
 * getViewer, and a value of the viewer's own account read in the same round trip (`also`, a scalar
 * subquery: session-token.server.ts). `also` is undefined when the session took better-auth's path
 * (a refresh due, say) or there is no viewer: the caller then reads it itself.
 */
export async function getViewerAnd<T>(
  request: Request,
  context: ViewerHandles,
  also: AlsoRead<T>,
): Promise<{ viewer: Viewer | null; also: T | undefined }> {
  return readViewer(request, context, also);
}

async function readViewer<T>(
  request: Request,
  context: ViewerHandles,
  also?: AlsoRead<T>,
): Promise<{ viewer: Viewer | null; also: T | undefined }> {
  const none = { viewer: null, also: undefined };
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader) return none;
  const auth = authFor(context.db, context.env);
  const fast = await readSession(context.db, auth, cookieHeader, also);
  const found =
    fast === "ask-better-auth"
      ? await auth.api.getSession({ headers: authHeaders(request, context), query: { disableRefresh: false } })
      : fast;
  if (!found) return none;
  const { user, session } = found;
  const now = Date.now();
  const expired =
    now - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_MS ||
    now - new Date(session.updatedAt).getTime() > SESSION_IDLE_MS;
  if (expired || user.banned) {
    await context.db.delete(sessions).where(eq(sessions.id, session.id));
    return none;
  }
  // The request's log line names the account that asked (its id, never its address).
  if (context.requestLog) context.requestLog.accountId = user.id;
  const viewer: Viewer = {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username ?? null,
    role: (user.role ?? "member") as Role,
    emailVerified: Boolean(user.emailVerified),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    sessionId: session.id,
    sessionTwoFactor: Boolean(session.twoFactorVerified),
    timezone:
      (fast === "ask-better-auth" ? await storedTimezone(context, user.id) : fast?.timezone) ?? DEFAULT_TIMEZONE,
  };
  return { viewer, also: fast === "ask-better-auth" || !also ? undefined : (fast?.also as T) };
}

async function storedTimezone(context: ViewerHandles, userId: string): Promise<string | null> {
  const [row] = await context.db
    .select({ timezone: profiles.timezone })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.timezone ?? null;
}

/**
 * Only a path on this site, else the dashboard. Printable ASCII only and no backslash: browsers
 * drop tabs and newlines and read "\\" as "/", so "/\t/evil" or "/\\evil" would leave the site.
 */
export function safeRedirectPath(to: string | null | undefined, fallback = "/dashboard"): string {
  if (!to || !/^\/(?!\/)[\x21-\x7e]*$/.test(to) || to.includes("\\")) return fallback;
  return to;
}

export const isStaff = (role: Role) => role === "keeper" || role === "admin";
