import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { AppContext, RequestHandles } from "../../handles";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { authFor } from "./auth.server";
import { recoveryCodesLowMail, recoveryCodesRenewedMail, twoFactorOffMail } from "./mails";
import { twoFactors, users } from "./schema";
import { checkCurrentPassword, type PasswordCheck } from "./security.server";
import { authHeaders, isStaff, type Viewer } from "./session.server";

/** At this many recovery codes left (or fewer), each use is followed by a warning email. */
export const RECOVERY_CODES_LOW = 2;

/** How many of the account's recovery codes still work; null while two-factor is off. */
export async function recoveryCodesLeft(db: Db, env: AppContext["env"], userId: string): Promise<number | null> {
  try {
    const { backupCodes } = await authFor(db, env).api.viewBackupCodes({ body: { userId } });
    return backupCodes.length;
  } catch (error) {
    if (error instanceof APIError) return null;
    throw error;
  }
}

/**
 * After a recovery code was used: with two or fewer left, the account's address hears how many
 * (and where to renew them) before the last one is gone. The mail names no code.
 */
export async function warnIfFewRecoveryCodes(context: RequestHandles, userId: string) {
  const left = await recoveryCodesLeft(context.db, context.env, userId);
  if (left === null || left > RECOVERY_CODES_LOW) return;
  const [account] = await context.db
    .select({ name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return;
  await enqueue(context.db, {
    kind: "two-factor.recovery-codes-low",
    to: account.email,
    subject:
      left === 0 ? "You have no recovery codes left" : `You have ${left} recovery code${left === 1 ? "" : "s"} left`,
    ...recoveryCodesLowMail(account.name, left, `${context.env.SITE_URL}/profile#two-factor`),
  });
}

export type RenewOutcome = { kind: "ok"; codes: string[] } | { kind: "off" } | Exclude<PasswordCheck, { kind: "ok" }>;

/**
 * Ten new recovery codes after the current password; the old ones stop working at once (one row
 * holds them all and is replaced). The new codes are shown once and never stored in the clear or
 * mailed; the mail says only that they were renewed.
 */
export async function renewRecoveryCodes(
  request: Request,
  context: RequestHandles,
  viewer: Viewer,
  password: string,
): Promise<RenewOutcome> {
  // With passkeys as the only second step there are no codes to renew (and no row to hold them).
  if (!viewer.twoFactorEnabled || (await recoveryCodesLeft(context.db, context.env, viewer.id)) === null) {
    return { kind: "off" };
  }
  const check = await checkCurrentPassword(context, viewer.id, password);
  if (check.kind !== "ok") return check;
  const { backupCodes } = await authFor(context.db, context.env).api.generateBackupCodes({
    body: { password },
    headers: authHeaders(request, context),
  });
  await recordAudit(context.db, {
    action: AUDIT_ACTIONS.recoveryCodesRenewed,
    actor: { id: viewer.id, name: viewer.name },
    subjectUserId: viewer.id,
    ip: context.clientIp,
  });
  await enqueue(context.db, {
    kind: "two-factor.recovery-codes-renewed",
    to: viewer.email,
    subject: "Your recovery codes were renewed",
    ...recoveryCodesRenewedMail(viewer.name, `${context.env.SITE_URL}/forgot-password`),
  });
  return { kind: "ok", codes: backupCodes };
}

export type TurnOffOutcome = { kind: "ok" } | { kind: "staff" } | Exclude<PasswordCheck, { kind: "ok" }>;

/**
 * A member who chose two-factor may turn it off again with their password (staff may not: the
 * console needs it). The secret and the recovery codes are deleted; sessions stay, as they were
 * opened by this person. The address is told, so a thief who knows the password is noticed.
 */
export async function turnOffTwoFactor(
  context: RequestHandles,
  viewer: Viewer,
  password: string,
): Promise<TurnOffOutcome> {
  if (isStaff(viewer.role)) return { kind: "staff" };
  const check = await checkCurrentPassword(context, viewer.id, password);
  if (check.kind !== "ok") return check;
  await context.db.transaction(async (tx) => {
    // Only the request that turns it off tells anyone: a resend (or two at once) finds it off.
    const turned = await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(and(eq(users.id, viewer.id), eq(users.twoFactorEnabled, true)))
      .returning({ id: users.id });
    await tx.delete(twoFactors).where(eq(twoFactors.userId, viewer.id));
    if (turned.length === 0) return;
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.twoFactorDisabled,
      actor: { id: viewer.id, name: viewer.name },
      subjectUserId: viewer.id,
      ip: context.clientIp,
    });
    await enqueue(tx, {
      kind: "two-factor.off",
      to: viewer.email,
      subject: "Two-factor sign-in is off",
      ...twoFactorOffMail(viewer.name, `${context.env.SITE_URL}/forgot-password`),
    });
  });
  return { kind: "ok" };
}
