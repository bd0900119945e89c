import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { RequestHandles } from "../../handles";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { authFor, SESSION_ABSOLUTE_MS } from "./auth.server";
import { rememberDevice } from "./known-device.server";
import { type Role, sessions, users } from "./schema";
import { isStaff } from "./session.server";

/**
 * Opens a session for an account a passkey proved (better-auth has no passkey sign-in we can
 * call with our own ceremony): a better-auth session row, marked as having passed the second
 * factor (a passkey with user verification is two factors), and its cookie signed as better-auth
 * signs it, and this browser remembered as one the account signs in from. A disabled account opens nothing.
 */
export async function openSessionByPasskey(
  request: Request,
  context: RequestHandles,
  accountId: string,
  method: "passkey" | "password+passkey" | "session+passkey",
): Promise<{ headers: Headers; staff: boolean } | null> {
  const [account] = await context.db
    .select({ id: users.id, name: users.name, role: users.role, banned: users.banned })
    .from(users)
    .where(eq(users.id, accountId));
  if (!account || account.banned) return null;
  const ctx = await authFor(context.db, context.env).$context;
  const session = await ctx.internalAdapter.createSession(account.id, false, {
    ipAddress: context.clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
  });
  await context.db.update(sessions).set({ twoFactorVerified: true }).where(eq(sessions.token, session.token));
  const staff = isStaff(account.role as Role);
  if (staff) {
    await recordAudit(context.db, {
      action: AUDIT_ACTIONS.staffSignIn,
      actor: { id: account.id, name: account.name },
      detail: { method },
      ip: context.clientIp,
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie(context, session.token));
  // A browser the account signed in from, with both factors (decision 007).
  headers.append("Set-Cookie", await rememberDevice(request, context, account.id));
  return { headers, staff };
}

/** better-auth's signed session cookie: the token, a dot, and its HMAC-SHA256 under the secret. */
async function sessionCookie(context: RequestHandles, token: string): Promise<string> {
  const ctx = await authFor(context.db, context.env).$context;
  const { name, attributes } = ctx.authCookies.sessionToken;
  const signature = createHmac("sha256", ctx.secret).update(token).digest("base64");
  const parts = [
    `${name}=${encodeURIComponent(`${token}.${signature}`)}`,
    `Max-Age=${Math.floor(SESSION_ABSOLUTE_MS / 1000)}`,
    `Path=${attributes.path ?? "/"}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (attributes.secure) parts.push("Secure");
  return parts.join("; ");
}

/** Ends the pending sign-in's cookie once a passkey took the place of its code. */
export async function pendingSignInCookieCleared(context: RequestHandles): Promise<string> {
  const ctx = await authFor(context.db, context.env).$context;
  const { name, attributes } = ctx.createAuthCookie("two_factor");
  return [`${name}=`, "Max-Age=0", `Path=${attributes.path ?? "/"}`, "HttpOnly", "SameSite=Lax"]
    .concat(attributes.secure ? ["Secure"] : [])
    .join("; ");
}
