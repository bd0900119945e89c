import { createHash } from "node:crypto";
import { APIError } from "better-auth/api";
import type { AppContext } from "../../context";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { hit } from "../rate-limit/rate-limit.server";
import { authFor } from "./auth.server";
import { authHeaders } from "./session.server";

type Ctx = Pick<AppContext, "db" | "env" | "clientIp" | "logger">;

/** Brute-force limits (DESIGN.md): per connection and per account, in the database. */
export const SIGN_IN_LIMITS = {
  ip: { name: "sign-in-ip", limit: 30, windowSeconds: 900 },
  account: { name: "sign-in-account", limit: 8, windowSeconds: 900 },
} as const;

export type SignInOutcome =
  | { kind: "signed-in"; headers: Headers; userId: string }
  | { kind: "two-factor"; headers: Headers }
  | { kind: "invalid" }
  | { kind: "limited"; retryAfterSeconds: number };

const accountKey = (identifier: string) =>
  createHash("sha256").update(identifier.trim().toLowerCase()).digest("hex").slice(0, 32);

/**
 * Signs in with an email or a username. Unknown accounts and wrong passwords get the same
 * answer, and better-auth hashes the given password either way, so the time is similar too.
 */
export async function signIn(
  request: Request,
  context: Ctx,
  input: { emailOrUsername: string; password: string },
): Promise<SignInOutcome> {
  const byIp = await hit(context.db, SIGN_IN_LIMITS.ip, context.clientIp);
  const byAccount = await hit(context.db, SIGN_IN_LIMITS.account, accountKey(input.emailOrUsername));
  if (!byIp.allowed || !byAccount.allowed) {
    return { kind: "limited", retryAfterSeconds: Math.max(byIp.retryAfterSeconds, byAccount.retryAfterSeconds) };
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
    if (response && "twoFactorRedirect" in response && response.twoFactorRedirect) {
      return { kind: "two-factor", headers: out };
    }
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
    if (error instanceof APIError) return { kind: "invalid" };
    throw error;
  }
}

/** Ends the session on the server and returns the headers that clear the cookie. */
export async function signOut(request: Request, context: Ctx): Promise<Headers> {
  const auth = authFor(context.db, context.env);
  try {
    const { headers } = await auth.api.signOut({ headers: authHeaders(request, context), returnHeaders: true });
    return headers;
  } catch (error) {
    if (error instanceof APIError) return new Headers();
    throw error;
  }
}
