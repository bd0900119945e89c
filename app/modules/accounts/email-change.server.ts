import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import type { RequestHandles } from "../../handles";
import { hashToken, newToken } from "../../lib/tokens.server";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { hit } from "../rate-limit/rate-limit.server";
import { RATE_LIMITS } from "../rate-limit/rules";
import { emailAddressInUseMail, emailChangedMail, emailConfirmMail } from "./mails";
import { EMAIL_CHANGE_HOURS } from "./messages";
import { emailChanges, users } from "./schema";
import type { Viewer } from "./session.server";

/*
 * An address counts only once its owner has proven it: a new sign-in address is a pending change
 * until the link sent to it is followed; the old one stays in force meanwhile. Confirming the
 * current address (never proven, e.g. an admin made by `npm run create-admin`) is the same step.
 */

export type EmailChangeRequest =
  | { kind: "sent" }
  | { kind: "wrong-password" }
  | { kind: "limited"; retryAfterSeconds: number };

/** A link to prove the address the account already has (no password: it changes nothing until followed). */
export function requestEmailConfirmation(context: RequestHandles, viewer: Viewer): Promise<EmailChangeRequest> {
  return sendConfirmation(context, viewer, viewer.email);
}

/** The link to `newEmail` (after the password was checked); exported for the profile form's one-time key. */
export async function sendConfirmation(
  context: RequestHandles,
  viewer: Viewer,
  newEmail: string,
): Promise<EmailChangeRequest> {
  const limited = await hit(context.db, RATE_LIMITS.emailChangeSend, viewer.id);
  if (!limited.allowed) return { kind: "limited", retryAfterSeconds: limited.retryAfterSeconds };
  if (newEmail === viewer.email && viewer.emailVerified) {
    await cancelEmailChange(context.db, viewer.id);
    return { kind: "sent" };
  }
  const [owner] = await context.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  // Another account's address: the asker sees the same pending change as for a free one (the page
  // must not tell whether an address has an account), but its token is thrown away unsent, so it
  // can never be confirmed, even once that account gives the address up; its owner is told instead.
  const taken = Boolean(owner && owner.id !== viewer.id);
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000);
  await context.db.transaction(async (tx) => {
    await tx
      .insert(emailChanges)
      .values({ userId: viewer.id, newEmail, tokenHash: hash, expiresAt })
      .onConflictDoUpdate({
        target: emailChanges.userId,
        set: { newEmail, tokenHash: hash, expiresAt, createdAt: new Date() },
      });
    if (taken) {
      await enqueue(tx, {
        kind: "account.email-in-use",
        to: newEmail,
        subject: "Someone asked to use your address",
        ...emailAddressInUseMail(`${context.env.SITE_URL}/forgot-password`),
      });
      return;
    }
    await enqueue(tx, {
      kind: "account.email-confirm",
      to: newEmail,
      subject: newEmail === viewer.email ? "Confirm your email address" : "Confirm your new email address",
      ...emailConfirmMail(
        viewer.name,
        newEmail,
        `${context.env.SITE_URL}/confirm-email/${token}`,
        newEmail === viewer.email,
        EMAIL_CHANGE_HOURS,
      ),
    });
  });
  return { kind: "sent" };
}

/** The change the member is waiting on, shown on /profile until confirmed, cancelled or expired. */
export async function pendingEmailChange(db: Db, userId: string) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, sql`now()`)));
  return row ?? null;
}

export async function cancelEmailChange(db: Db, userId: string) {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

const validToken = (token: string) =>
  and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, sql`now()`));

/** What the link would confirm (for the page that asks before it changes anything). */
export async function findEmailChange(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, name: users.name, currentEmail: users.email })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(validToken(token));
  return row ?? null;
}

export type EmailChangeConfirmation =
  | { kind: "changed"; email: string }
  | { kind: "confirmed"; email: string }
  | { kind: "expired" }
  | { kind: "in-use" };

/**
 * Following the link: the address becomes the account's, proven (once: the row goes in the same
 * transaction), and the old address is told.
 */
export async function confirmEmailChange(context: RequestHandles, token: string): Promise<EmailChangeConfirmation> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { kind: "expired" };
  try {
    return await context.db.transaction(async (tx): Promise<EmailChangeConfirmation> => {
      const [change] = await tx.delete(emailChanges).where(validToken(token)).returning();
      if (!change) return { kind: "expired" };
      const [user] = await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, change.userId));
      if (!user) return { kind: "expired" };
      await tx
        .update(users)
        .set({ email: change.newEmail, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      if (user.email === change.newEmail) return { kind: "confirmed", email: change.newEmail };
      await enqueue(tx, {
        kind: "account.email-changed",
        to: user.email,
        subject: "Your sign-in email changed",
        ...emailChangedMail(user.name, change.newEmail),
      });
      await recordAudit(tx, {
        action: AUDIT_ACTIONS.emailChanged,
        actor: { id: user.id, name: user.name },
        subjectUserId: user.id,
        ip: context.clientIp,
      });
      return { kind: "changed", email: change.newEmail };
    });
  } catch (error) {
    // Another account took the address while the link waited.
    if (isUniqueViolation(error)) return { kind: "in-use" };
    throw error;
  }
}
