import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError } from "better-auth/api";
import { parseCookies, parseSetCookieHeader } from "better-auth/cookies";
import { and, eq, lt, ne } from "drizzle-orm";
import QRCode from "qrcode";
import { site } from "~/lib/site";
import type { RequestHandles } from "../../handles";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { authFor } from "./auth.server";
import { type Attempt, secondFactorAttempt } from "./guessing.server";
import { knownDevice, rememberDevice } from "./known-device.server";
import { sameRecoveryCode } from "./recovery-code-format";
import { warnIfFewRecoveryCodes } from "./recovery-codes.server";
import { type Role, sessions, usedTotpCodes } from "./schema";
import { authHeaders, isStaff, type Viewer } from "./session.server";

export type SecondFactorOutcome =
  | { kind: "ok"; headers: Headers; staff: boolean }
  | { kind: "invalid" }
  | { kind: "limited"; retryAfterSeconds: number };

/**
 * A code matches during three 30-second steps (better-auth's window of one step either side);
 * a used code is remembered a little longer than that.
 */
const USED_CODE_MEMORY_MS = 3 * 60_000;

/**
 * Marks a six-digit code as used by this account; false when it already was (a replay, or the same
 * code sent twice at once: the primary key lets exactly one claim win). Claimed before the code is
 * checked, so a replay never reaches better-auth, whose sign-in challenge ends with any accepted code.
 */
async function claimCode(db: RequestHandles["db"], userId: string, code: string): Promise<boolean> {
  await db
    .delete(usedTotpCodes)
    .where(and(eq(usedTotpCodes.userId, userId), lt(usedTotpCodes.usedAt, new Date(Date.now() - USED_CODE_MEMORY_MS))));
  const claimed = await db
    .insert(usedTotpCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: usedTotpCodes.code });
  return claimed.length === 1;
}

/** A claimed code that better-auth refused was never used: release it. */
const releaseCode = (db: RequestHandles["db"], userId: string, code: string) =>
  db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), eq(usedTotpCodes.code, code)));

const cleanCode = (code: string) => code.replace(/\s+/g, "");
const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * Six digits are a TOTP code; anything else is tried as one of the recovery codes. better-auth
 * compares a recovery code exactly, so what was typed (any case, spaces or dashes) is first matched
 * to the account's own stored code, and that one is sent.
 */
async function verify(request: Request, context: RequestHandles, userId: string, code: string) {
  const auth = authFor(context.db, context.env);
  const headers = authHeaders(request, context);
  if (isTotpCode(code)) return auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
  const stored = await auth.api.viewBackupCodes({ body: { userId } }).catch(() => ({ backupCodes: [] as string[] }));
  const matched = stored.backupCodes.find((one) => sameRecoveryCode(one, code)) ?? code;
  return auth.api.verifyBackupCode({ body: { code: matched }, headers, returnHeaders: true });
}

/**
 * The password sign-in waiting for its second step: better-auth's signed `two_factor` cookie
 * names a verification row (its identifier) whose value is the account's id. Read here so a code
 * can be claimed before it is checked, and so a passkey can take the code's place.
 */
export async function pendingSignIn(
  request: Request,
  context: RequestHandles,
): Promise<{ userId: string; identifier: string } | null> {
  const ctx = await authFor(context.db, context.env).$context;
  const raw = parseCookies(request.headers.get("cookie") ?? "").get(ctx.createAuthCookie("two_factor").name);
  if (!raw) return null;
  const signed = decodeURIComponent(raw);
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", ctx.secret).update(value).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const verification = await ctx.internalAdapter.findVerificationValue(value);
  if (!verification || verification.expiresAt < new Date()) return null;
  return { userId: verification.value, identifier: value };
}

/**
 * Counts a second-factor attempt for this account before it is checked (issue 45): per account, or
 * per browser where this one passed the account's second factor before; never per client address,
 * so a congregation behind one router signs in together. `succeeded()` when it passed.
 */
export async function secondFactorBudget(request: Request, context: RequestHandles, userId: string): Promise<Attempt> {
  return secondFactorAttempt(context.db, userId, await knownDevice(request, context, userId));
}

/** The session named by a Set-Cookie answer (better-auth's signed `session_token`). */
async function sessionTokenSet(headers: Headers, context: RequestHandles): Promise<string | null> {
  const ctx = await authFor(context.db, context.env).$context;
  const cookie = parseSetCookieHeader(headers.get("set-cookie") ?? "").get(ctx.authCookies.sessionToken.name);
  return cookie?.value ? cookie.value.slice(0, cookie.value.lastIndexOf(".")) : null;
}

/**
 * A session passed the second factor: staff sign-ins are audited (members' are not: the audit log
 * is for staff acts), and a used recovery code may leave so few that the owner is warned.
 */
async function afterSecondFactor(
  context: RequestHandles,
  user: { id: string; name: string; role: Role },
  method: `${"password" | "session"}+${"totp" | "recovery-code"}`,
) {
  if (isStaff(user.role)) {
    await recordAudit(context.db, {
      action: AUDIT_ACTIONS.staffSignIn,
      actor: { id: user.id, name: user.name },
      detail: { method },
      ip: context.clientIp,
    });
  }
  if (method.endsWith("recovery-code")) await warnIfFewRecoveryCodes(context, user.id);
}

/** The second step of a sign-in (the two_factor cookie names the pending account). */
export async function completeSignIn(
  request: Request,
  context: RequestHandles,
  code: string,
): Promise<SecondFactorOutcome> {
  const userId = (await pendingSignIn(request, context))?.userId;
  if (!userId) return { kind: "invalid" };
  const attempt = await secondFactorBudget(request, context, userId);
  if (!attempt.allowed) return { kind: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const clean = cleanCode(code);
  // A replayed code is refused before better-auth sees it, so the challenge stays open for a fresh one.
  if (isTotpCode(clean) && !(await claimCode(context.db, userId, clean))) return { kind: "invalid" };
  try {
    const { headers, response } = await verify(request, context, userId, clean);
    // better-auth's type leaves out the admin plugin's role field, which the row always has.
    const { user, token } = response as unknown as { user: { id: string; name: string; role: Role }; token: string };
    await attempt.succeeded();
    await context.db.update(sessions).set({ twoFactorVerified: true }).where(eq(sessions.token, token));
    await afterSecondFactor(context, user, isTotpCode(clean) ? "password+totp" : "password+recovery-code");
    // Only now is this a browser the account signed in from (the password alone names none: decision 007).
    headers.append("Set-Cookie", await rememberDevice(request, context, user.id));
    return { kind: "ok", headers, staff: isStaff(user.role) };
  } catch (error) {
    if (isTotpCode(clean)) await releaseCode(context.db, userId, clean);
    if (error instanceof APIError) return { kind: "invalid" };
    throw error;
  }
}

/**
 * A signed-in session that has not passed the second factor (opened with the password before the
 * account enrolled, or before this rule) proves it now; only this session is marked.
 */
export async function stepUp(
  request: Request,
  context: RequestHandles,
  viewer: Viewer,
  code: string,
): Promise<SecondFactorOutcome> {
  const attempt = await secondFactorBudget(request, context, viewer.id);
  if (!attempt.allowed) return { kind: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const clean = cleanCode(code);
  if (isTotpCode(clean) && !(await claimCode(context.db, viewer.id, clean))) return { kind: "invalid" };
  try {
    const { headers } = await verify(request, context, viewer.id, clean);
    await attempt.succeeded();
    await context.db.update(sessions).set({ twoFactorVerified: true }).where(eq(sessions.id, viewer.sessionId));
    await afterSecondFactor(context, viewer, isTotpCode(clean) ? "session+totp" : "session+recovery-code");
    return { kind: "ok", headers, staff: isStaff(viewer.role) };
  } catch (error) {
    if (isTotpCode(clean)) await releaseCode(context.db, viewer.id, clean);
    if (error instanceof APIError) return { kind: "invalid" };
    throw error;
  }
}

/** Enrolment step 1: after the password, a new secret (as a QR code) and ten recovery codes. */
export async function startEnrolment(request: Request, context: RequestHandles, password: string) {
  const auth = authFor(context.db, context.env);
  try {
    const enabled = await auth.api.enableTwoFactor({
      body: { password, method: "totp" },
      headers: authHeaders(request, context),
    });
    if (!("totpURI" in enabled)) return { ok: false as const };
    const { totpURI, backupCodes } = enabled;
    const qrSvg = await qrSvgFor(totpURI);
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return { ok: true as const, qrSvg, secret, backupCodes };
  } catch (error) {
    if (error instanceof APIError) return { ok: false as const };
    throw error;
  }
}

const qrSvgFor = (uri: string) =>
  QRCode.toString(uri, { type: "svg", margin: 1, color: { dark: "#07061a", light: "#ffffff" } });

/**
 * The QR code again after a wrong first code, drawn here from the secret: the page never
 * renders markup that came in with a request (the secret must be plain base32).
 */
export async function enrolmentQr(secret: string, accountName: string): Promise<string> {
  if (!/^[A-Z2-7]{16,128}$/.test(secret)) return "";
  const label = encodeURIComponent(`${site.name}:${accountName}`);
  return qrSvgFor(`otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(site.name)}`);
}

/**
 * Enrolment step 2: the first code from the app turns two-factor on. better-auth replaces this
 * session with a new one; that one has passed the second factor, and every other session of the
 * account ends (one opened with only the password must not inherit the console).
 */
export async function confirmEnrolment(request: Request, context: RequestHandles, viewer: Viewer, code: string) {
  const attempt = await secondFactorBudget(request, context, viewer.id);
  if (!attempt.allowed) return { kind: "limited" as const, retryAfterSeconds: attempt.retryAfterSeconds };
  const auth = authFor(context.db, context.env);
  const clean = cleanCode(code);
  // Claimed before it is checked (the account is known here), so this first code cannot sign in later.
  if (isTotpCode(clean) && !(await claimCode(context.db, viewer.id, clean))) return { kind: "invalid" as const };
  let headers: Headers;
  try {
    ({ headers } = await auth.api.verifyTOTP({
      body: { code: clean },
      headers: authHeaders(request, context),
      returnHeaders: true,
    }));
  } catch (error) {
    await releaseCode(context.db, viewer.id, clean);
    if (error instanceof APIError) return { kind: "invalid" as const };
    throw error;
  }
  await attempt.succeeded();
  const token = await sessionTokenSet(headers, context);
  if (!token) throw new Error("two-factor enrolment opened no session");
  await context.db.transaction(async (tx) => {
    await tx.update(sessions).set({ twoFactorVerified: true }).where(eq(sessions.token, token));
    await tx.delete(sessions).where(and(eq(sessions.userId, viewer.id), ne(sessions.token, token)));
  });
  await recordAudit(context.db, {
    action: isStaff(viewer.role) ? AUDIT_ACTIONS.twoFactorEnabled : AUDIT_ACTIONS.memberTwoFactorEnabled,
    actor: { id: viewer.id, name: viewer.name },
    subjectUserId: viewer.id,
    ip: context.clientIp,
  });
  return { kind: "ok" as const, headers };
}
