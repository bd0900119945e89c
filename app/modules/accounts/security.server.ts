import { APIError } from "better-auth/api";
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { AppContext, RequestHandles } from "../../handles";
import { enqueue } from "../mail/outbox.server";
import { authFor } from "./auth.server";
import { currentPasswordAttempt } from "./guessing.server";
import { passwordChangedMail } from "./mails";
import { verifyPassword } from "./password.server";
import { accounts, sessions } from "./schema";
import { authHeaders, type Viewer } from "./session.server";

export type PasswordCheck =
  | { kind: "ok" }
  | { kind: "wrong-password" }
  | { kind: "limited"; retryAfterSeconds: number };

async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const [account] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!account?.hash) return false;
  return verifyPassword({ hash: account.hash, password });
}

/**
 * The member's current password, before an email change or deleting the account. Guessing is
 * limited per account, as at sign-in: a stolen session must not become a password oracle.
 */
export async function checkCurrentPassword(
  context: RequestHandles,
  userId: string,
  password: string,
): Promise<PasswordCheck> {
  const attempt = await currentPasswordAttempt(context.db, userId);
  if (!attempt.allowed) return { kind: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  if (!(await passwordMatches(context.db, userId, password))) return { kind: "wrong-password" };
  await attempt.succeeded();
  return { kind: "ok" };
}

/** Tells the account's address that its password changed, with what to do if it was not them. */
export async function notifyPasswordChanged(
  db: Db,
  env: AppContext["env"],
  account: { name: string; email: string },
  how: "changed" | "reset",
) {
  await enqueue(db, {
    kind: "account.password-changed",
    to: account.email,
    subject: "Your password was changed",
    ...passwordChangedMail(account.name, how, `${env.SITE_URL}/forgot-password`),
  });
}

/** New password; every other session ends and this one is renewed (new cookie in the headers). */
export async function changePassword(
  request: Request,
  context: RequestHandles,
  viewer: Viewer,
  input: { currentPassword: string; password: string },
): Promise<{ kind: "ok"; headers: Headers } | Exclude<PasswordCheck, { kind: "ok" }>> {
  const attempt = await currentPasswordAttempt(context.db, viewer.id);
  if (!attempt.allowed) return { kind: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  let headers: Headers;
  try {
    ({ headers } = await authFor(context.db, context.env).api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    }));
  } catch (error) {
    if (error instanceof APIError) return { kind: "wrong-password" };
    throw error;
  }
  await attempt.succeeded();
  await notifyPasswordChanged(context.db, context.env, viewer, "changed");
  return { kind: "ok", headers };
}

export function listSessions(context: RequestHandles, userId: string) {
  return context.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.updatedAt));
}

/** Ends one of the member's own sessions (never someone else's: the user id is part of the match). */
export async function endSession(context: RequestHandles, userId: string, sessionId: string) {
  await context.db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

export async function endOtherSessions(context: RequestHandles, viewer: Viewer) {
  await context.db.delete(sessions).where(and(eq(sessions.userId, viewer.id), ne(sessions.id, viewer.sessionId)));
}
