import { APIError } from "better-auth/api";
import { and, eq, lt } from "drizzle-orm";
import QRCode from "qrcode";
import { site } from "~/lib/site";
import type { AppContext } from "../../context";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { hit } from "../rate-limit/rate-limit.server";
import { authFor } from "./auth.server";
import { sessions, usedTotpCodes } from "./schema";
import { authHeaders, type Viewer } from "./session.server";

type Ctx = Pick<AppContext, "db" | "env" | "clientIp">;

const LIMIT = { name: "two-factor", limit: 10, windowSeconds: 900 } as const;
export const TWO_FACTOR_MESSAGES = {
  invalid: "That code is not correct. Please try again with a fresh code.",
  limited: "Too many attempts. Please wait 15 minutes and try again.",
  password: "Your password is not correct",
} as const;

export type SecondFactorOutcome =
  | { kind: "ok"; headers: Headers }
  | { kind: "invalid" }
  | { kind: "limited"; retryAfterSeconds: number };

/**
 * A code matches during three 30-second steps (better-auth's window of one step either side);
 * a used code is remembered a little longer than that.
 */
const USED_CODE_MEMORY_MS = 3 * 60_000;

/**
 * Marks a six-digit code as used by this account; false when it already was (a replay, or the same
 * code sent twice at once: the primary key lets exactly one claim win).
 */
async function claimCode(db: Ctx["db"], userId: string, code: string): Promise<boolean> {
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

const releaseCode = (db: Ctx["db"], userId: string, code: string) =>
  db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), eq(usedTotpCodes.code, code)));

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** Six digits are a TOTP code; anything else is tried as one of the recovery codes. */
function verify(request: Request, context: Ctx, code: string) {
  const auth = authFor(context.db, context.env);
  const headers = authHeaders(request, context);
  const clean = code.replace(/\s+/g, "");
  return isTotpCode(clean)
    ? auth.api.verifyTOTP({ body: { code: clean }, headers, returnHeaders: true })
    : auth.api.verifyBackupCode({ body: { code: clean }, headers, returnHeaders: true });
}

/** The second step of a staff sign-in (the two_factor cookie names the pending account). */
export async function completeSignIn(request: Request, context: Ctx, code: string): Promise<SecondFactorOutcome> {
  const limited = await hit(context.db, LIMIT, context.clientIp);
  if (!limited.allowed) return { kind: "limited", retryAfterSeconds: limited.retryAfterSeconds };
  try {
    const { headers, response } = await verify(request, context, code);
    const { user, token } = response as { user: { id: string; name: string }; token: string };
    const clean = code.replace(/\s+/g, "");
    // The code was right but already used: the session better-auth just opened is closed again.
    if (isTotpCode(clean) && !(await claimCode(context.db, user.id, clean))) {
      await context.db.delete(sessions).where(eq(sessions.token, token));
      return { kind: "invalid" };
    }
    await recordAudit(context.db, {
      action: AUDIT_ACTIONS.staffSignIn,
      actor: { id: user.id, name: user.name },
      detail: { method: /^\d{6}$/.test(code.trim()) ? "password+totp" : "password+recovery-code" },
      ip: context.clientIp,
    });
    return { kind: "ok", headers };
  } catch (error) {
    if (error instanceof APIError) return { kind: "invalid" };
    throw error;
  }
}

/** Enrolment step 1: after the password, a new secret (as a QR code) and ten recovery codes. */
export async function startEnrolment(request: Request, context: Ctx, password: string) {
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

/** Enrolment step 2: the first code from the app turns two-factor on. */
export async function confirmEnrolment(request: Request, context: Ctx, viewer: Viewer, code: string) {
  const limited = await hit(context.db, LIMIT, context.clientIp);
  if (!limited.allowed) return { kind: "limited" as const, retryAfterSeconds: limited.retryAfterSeconds };
  const auth = authFor(context.db, context.env);
  const clean = code.replace(/\s+/g, "");
  // Claimed before it is checked (the account is known here), so this first code cannot sign in later.
  if (isTotpCode(clean) && !(await claimCode(context.db, viewer.id, clean))) return { kind: "invalid" as const };
  try {
    const { headers } = await auth.api.verifyTOTP({
      body: { code: clean },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    await recordAudit(context.db, {
      action: AUDIT_ACTIONS.twoFactorEnabled,
      actor: { id: viewer.id, name: viewer.name },
      subjectUserId: viewer.id,
      ip: context.clientIp,
    });
    return { kind: "ok" as const, headers };
  } catch (error) {
    await releaseCode(context.db, viewer.id, clean);
    if (error instanceof APIError) return { kind: "invalid" as const };
    throw error;
  }
}
