import { APIError } from "better-auth/api";
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import type { AppContext } from "../../context";
import { enqueue } from "../mail/outbox.server";
import { authFor } from "./auth.server";
import { emailChangedMail } from "./mails";
import { verifyPassword } from "./password.server";
import { accounts, sessions, users } from "./schema";
import { authHeaders, type Viewer } from "./session.server";

type Ctx = Pick<AppContext, "db" | "env" | "clientIp">;

/** Checks the member's current password (before an email change or deleting the account). */
export async function passwordMatches(context: Ctx, userId: string, password: string): Promise<boolean> {
  const [account] = await context.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!account?.hash) return false;
  return verifyPassword({ hash: account.hash, password });
}

/** New password; every other session ends and this one is renewed (new cookie in the headers). */
export async function changePassword(
  request: Request,
  context: Ctx,
  input: { currentPassword: string; password: string },
): Promise<{ ok: true; headers: Headers } | { ok: false }> {
  try {
    const { headers } = await authFor(context.db, context.env).api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    if (error instanceof APIError) return { ok: false };
    throw error;
  }
}

export type ChangeEmailOutcome = "changed" | "wrong-password" | "in-use";

/** Only after the password; the old address is told, so a stolen session cannot quietly take the account. */
export async function changeEmail(
  context: Ctx,
  viewer: Viewer,
  input: { newEmail: string; currentPassword: string },
): Promise<ChangeEmailOutcome> {
  if (!(await passwordMatches(context, viewer.id, input.currentPassword))) return "wrong-password";
  if (input.newEmail === viewer.email) return "changed";
  try {
    await context.db.transaction(async (tx) => {
      await tx.update(users).set({ email: input.newEmail, updatedAt: new Date() }).where(eq(users.id, viewer.id));
      await enqueue(tx as unknown as Db, {
        kind: "account.email-changed",
        to: viewer.email,
        subject: "Your sign-in email changed",
        ...emailChangedMail(viewer.name, input.newEmail),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "in-use";
    throw error;
  }
  return "changed";
}

export function listSessions(context: Ctx, userId: string) {
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
export async function endSession(context: Ctx, userId: string, sessionId: string) {
  await context.db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

export async function endOtherSessions(context: Ctx, viewer: Viewer) {
  await context.db.delete(sessions).where(and(eq(sessions.userId, viewer.id), ne(sessions.id, viewer.sessionId)));
}
