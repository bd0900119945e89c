import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { RequestHandles } from "../../handles";
import { sessions, users } from "../accounts/schema";
import { checkCurrentPassword, type PasswordCheck } from "../accounts/security.server";
import { isStaff, type Viewer } from "../accounts/session.server";
import { secondFactorBudget } from "../accounts/two-factor.server";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { ceremonyDone } from "./budgets.server";
import { checkPasskey } from "./ceremonies.server";
import { hasAuthenticatorApp, hasPasskeys } from "./passkeys.server";

/*
 * A passkey as the second step, where the account's second factor is asked of a session that
 * opened with the password: proving a session (step-up), and members who choose passkeys, not an
 * authenticator app, as their second step. better-auth's flag (users.two_factor_enabled) then
 * stands without a TOTP secret: its sign-in still waits for a second step, which only a passkey
 * of the account can give (a code finds no secret to match).
 */

/** Whether the account asks for a passkey after its password with no app beside it. */
export async function passkeyIsOnlySecondFactor(db: Db, viewer: Pick<Viewer, "id" | "twoFactorEnabled">) {
  return viewer.twoFactorEnabled && !(await hasAuthenticatorApp(db, viewer.id));
}

export type StepUpOutcome = { kind: "ok" } | { kind: "invalid" } | { kind: "limited"; retryAfterSeconds: number };

/**
 * A session opened with the password alone proves itself with one of the account's passkeys (the
 * challenge was given for this account), and only this session is marked as having passed.
 */
export async function stepUpWithPasskey(
  request: Request,
  context: RequestHandles,
  viewer: Viewer,
  credential: AuthenticationResponseJSON,
): Promise<StepUpOutcome> {
  const attempt = await secondFactorBudget(request, context, viewer.id);
  if (!attempt.allowed) return { kind: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const proved = await checkPasskey(context.db, request, credential, viewer.id);
  if (!proved) return { kind: "invalid" };
  await attempt.succeeded();
  await ceremonyDone(context.db, viewer.id, context.clientIp);
  await context.db.update(sessions).set({ twoFactorVerified: true }).where(eq(sessions.id, viewer.sessionId));
  if (isStaff(viewer.role)) {
    await recordAudit(context.db, {
      action: AUDIT_ACTIONS.staffSignIn,
      actor: { id: viewer.id, name: viewer.name },
      detail: { method: "session+passkey" },
      ip: context.clientIp,
    });
  }
  return { kind: "ok" };
}

export type PasskeyTwoFactorOutcome =
  | { kind: "ok" }
  | { kind: "staff" }
  | { kind: "no-passkeys" }
  | Exclude<PasswordCheck, { kind: "ok" }>;

/**
 * A member turns two-factor on with their passkeys as the second step, after their password.
 * Staff enrol an authenticator app (its recovery codes are the console's way back) and may add
 * passkeys beside it. This session stays open and counts as having passed; every other session
 * of the account ends, as when an app is enrolled.
 */
export async function turnOnPasskeyTwoFactor(
  context: RequestHandles,
  viewer: Viewer,
  password: string,
): Promise<PasskeyTwoFactorOutcome> {
  if (isStaff(viewer.role)) return { kind: "staff" };
  if (!(await hasPasskeys(context.db, viewer.id))) return { kind: "no-passkeys" };
  const check = await checkCurrentPassword(context, viewer.id, password);
  if (check.kind !== "ok") return check;
  await context.db.transaction(async (tx) => {
    const turned = await tx
      .update(users)
      .set({ twoFactorEnabled: true, updatedAt: new Date() })
      .where(and(eq(users.id, viewer.id), eq(users.twoFactorEnabled, false)))
      .returning({ id: users.id });
    if (turned.length === 0) return;
    await tx.update(sessions).set({ twoFactorVerified: true }).where(eq(sessions.id, viewer.sessionId));
    await tx.delete(sessions).where(and(eq(sessions.userId, viewer.id), ne(sessions.id, viewer.sessionId)));
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.memberTwoFactorEnabled,
      actor: { id: viewer.id, name: viewer.name },
      subjectUserId: viewer.id,
      detail: { method: "passkey" },
      ip: context.clientIp,
    });
  });
  return { kind: "ok" };
}
