import { createHash } from "node:crypto";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { LoggedHandles } from "../../handles";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { authFor } from "./auth.server";
import { signInAttempt } from "./guessing.server";
import { knownDevice, rememberDevice } from "./known-device.server";
import { users } from "./schema";
import { authHeaders } from "./session.server";

export type SignInOutcome =
  | { kind: "signed-in"; headers: Headers; userId: string }
  | { kind: "two-factor"; headers: Headers }
  | { kind: "invalid" }
  | { kind: "limited"; retryAfterSeconds: number };

/**
 * Whose guessing budget an attempt spends: the account's id whichever of its names was typed
 * ("maya" and "member@example.org" are one account), or a hash of the text when no account has it.
 */
async function accountKey(context: LoggedHandles, identifier: string): Promise<string> {
  const typed = identifier.trim().toLowerCase();
  const [user] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(typed.includes("@") ? eq(users.email, typed) : eq(users.username, typed));
  return user ? `user:${user.id}` : `typed:${createHash("sha256").update(typed).digest("hex").slice(0, 32)}`;
}

/**
 * Signs in with an email or a username. Unknown accounts and wrong passwords get the same
 * answer, and better-auth hashes the given password either way, so the time is similar too.
 */
export async function signIn(
  request: Request,
  context: LoggedHandles,
  input: { emailOrUsername: string; password: string },
): Promise<SignInOutcome> {
  const key = await accountKey(context, input.emailOrUsername);
  // Events for whoever watches the logs: the account's id when the text named one, never the text.
  const account = key.startsWith("user:") ? key.slice("user:".length) : null;
  const device = account ? await knownDevice(request, context, account) : null;
  const attempt = await signInAttempt(context.db, key, context.clientIp, device);
  if (!attempt.allowed) {
    context.logger.warn(
      { event: "sign-in-limited", account, ip: context.clientIp },
      "sign-in refused: too many failures",
    );
    return { kind: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const auth = authFor(context.db, context.env);
  const headers = authHeaders(request, context);
  const identifier = input.emailOrUsername.trim();
  try {
    const { headers: out, response } = identifier.includes("@")
      ? await auth.api.signInEmail({
          body: { email: identifier.toLowerCase(), password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        })
      : await auth.api.signInUsername({
          body: { username: identifier.toLowerCase(), password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
    // The password was right (the second factor has its own limit): the attempt is not a failure.
    await attempt.succeeded();
    // Where a second step follows, the browser is remembered once it passes (two-factor.server.ts):
    // the password alone must not earn a browser its own budget for guessing codes (issue 45).
    if (response && "twoFactorRedirect" in response && response.twoFactorRedirect) {
      return { kind: "two-factor", headers: out };
    }
    if (account) out.append("Set-Cookie", await rememberDevice(request, context, account));
    const user = (response as { user: { id: string; name: string; role?: string | null } }).user;
    if (user.role === "keeper" || user.role === "admin") {
      await recordAudit(context.db, {
        action: AUDIT_ACTIONS.staffSignIn,
        actor: { id: user.id, name: user.name },
        detail: { method: "password" },
        ip: context.clientIp,
      });
    }
    return { kind: "signed-in", headers: out, userId: user.id };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    context.logger.info({ event: "sign-in-failed", account, ip: context.clientIp }, "sign-in failed");
    return { kind: "invalid" };
  }
}

/** Ends the session on the server and returns the headers that clear the cookie. */
export async function signOut(request: Request, context: LoggedHandles): Promise<Headers> {
  const auth = authFor(context.db, context.env);
  try {
    const { headers } = await auth.api.signOut({ headers: authHeaders(request, context), returnHeaders: true });
    return headers;
  } catch (error) {
    if (error instanceof APIError) return new Headers();
    throw error;
  }
}
