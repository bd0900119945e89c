import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import type { Auth } from "./auth.server";
import { profiles, sessions, users } from "./schema";

/**
 * The session of a request read straight from the database, for the common case only: a correctly
 * signed session cookie whose row is live and needs no refresh today. Everything else (no or a
 * forged cookie, an expired or unknown session, a refresh due, a "don't remember me" sign-in, a
 * stale session-data cookie) answers "ask-better-auth", and better-auth's own getSession decides,
 * deletes and refreshes exactly as before.
 *
 * Why: better-auth's getSession verifies the cookie through WebCrypto (a key import and an async
 * verify for every request) and runs its endpoint machinery around one query; measured, that was
 * about a tenth of a signed-in page's server CPU (docs/measurements.md). The signature here is the
 * same HMAC-SHA-256 of the token under better-auth's secret, compared in constant time.
 */
export type FastSession<T = null> =
  | {
      session: typeof sessions.$inferSelect;
      user: typeof users.$inferSelect;
      timezone: string | null;
      /** The caller's `also`, read with the session (null without one). */
      also: T | null;
    }
  | null
  | "ask-better-auth";

/**
 * A value of the session's own account that a caller reads on every request (the member area's
 * unread count): a scalar subquery on the account's id, answered in the session's round trip. A
 * query costs the server 0.3 to 0.55 ms of CPU before any row (docs/measurements.md), and on PGlite
 * much more; a subquery inside one already made costs the database a little and this process nothing.
 */
export type AlsoRead<T> = (userId: AnyPgColumn) => SQL<T>;

interface SessionSettings {
  secret: string;
  sessionToken: string;
  dontRemember: string;
  sessionData: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const settingsOf = new WeakMap<Auth, Promise<SessionSettings>>();

/** better-auth's own secret, cookie names and refresh ages for this instance (read once). */
function sessionSettings(auth: Auth): Promise<SessionSettings> {
  let found = settingsOf.get(auth);
  if (!found) {
    found = auth.$context.then((ctx) => ({
      secret: ctx.secret,
      sessionToken: ctx.authCookies.sessionToken.name,
      dontRemember: ctx.authCookies.dontRememberToken.name,
      sessionData: ctx.authCookies.sessionData.name,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    settingsOf.set(auth, found);
  }
  return found;
}

/** The token of a `token.signature` cookie value, if the signature is ours; null otherwise. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // better-call's format: standard base64 of the 32-byte HMAC, so 44 characters ending in "=".
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export async function readSession<T = null>(
  db: Db,
  auth: Auth,
  cookieHeader: string,
  also?: AlsoRead<T>,
): Promise<FastSession<T>> {
  const cookie = await sessionSettings(auth);
  const cookies = parseCookies(cookieHeader);
  const value = cookies.get(cookie.sessionToken);
  if (!value) return null;
  if (cookies.has(cookie.dontRemember) || cookies.has(cookie.sessionData)) return "ask-better-auth";
  const token = verifiedToken(value, cookie.secret);
  if (!token) return "ask-better-auth";
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      timezone: profiles.timezone,
      also: also ? also(sessions.userId) : sql<null>`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // The member's zone, which nearly every signed-in page shows times in: no query of its own.
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.token, token))
    .limit(1);
  if (!row) return "ask-better-auth";
  const now = Date.now();
  const expiresAt = row.session.expiresAt.getTime();
  const refreshDue = expiresAt - cookie.expiresInMs + cookie.updateAgeMs <= now;
  if (expiresAt < now || refreshDue) return "ask-better-auth";
  return row;
}
