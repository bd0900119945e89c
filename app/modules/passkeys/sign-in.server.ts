import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { RequestHandles } from "../../handles";
import { authFor } from "../accounts/auth.server";
import { openSessionByPasskey, pendingSignInCookieCleared } from "../accounts/passkey-session.server";
import { pendingSignIn, secondFactorBudget } from "../accounts/two-factor.server";
import { ceremonyDone, passkeySignInAttempt } from "./budgets.server";
import { checkPasskey } from "./ceremonies.server";

export type PasskeySignInOutcome =
  | { kind: "ok"; headers: Headers; staff: boolean }
  | { kind: "invalid" }
  | { kind: "limited"; retryAfterSeconds: number };

/**
 * Signing in with a passkey alone: the passkey names its account, and with user verification it
 * is both factors, so the session counts as having passed the second factor (staff and members
 * with two-factor on go straight in).
 */
export async function signInWithPasskey(
  request: Request,
  context: RequestHandles,
  credential: AuthenticationResponseJSON,
): Promise<PasskeySignInOutcome> {
  // No account is named until the passkey is checked: failures are counted per client address,
  // under a ceiling only a flood reaches (budgets.server.ts).
  const attempt = await passkeySignInAttempt(context.db, context.clientIp);
  if (!attempt.allowed) return { kind: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const proved = await checkPasskey(context.db, request, credential, null);
  if (!proved) return { kind: "invalid" };
  const opened = await openSessionByPasskey(request, context, proved.accountId, "passkey");
  if (!opened) return { kind: "invalid" };
  await attempt.succeeded();
  return { kind: "ok", ...opened };
}

/**
 * The second step of a password sign-in, with one of that account's passkeys instead of a code.
 * The pending sign-in (better-auth's two_factor cookie) is consumed once, so it opens one session.
 */
export async function secondFactorWithPasskey(
  request: Request,
  context: RequestHandles,
  credential: AuthenticationResponseJSON,
): Promise<PasskeySignInOutcome> {
  const pending = await pendingSignIn(request, context);
  if (!pending) return { kind: "invalid" };
  // The account's second-factor budget, which its codes spend too (failures only).
  const attempt = await secondFactorBudget(request, context, pending.userId);
  if (!attempt.allowed) return { kind: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const proved = await checkPasskey(context.db, request, credential, pending.userId);
  if (!proved) return { kind: "invalid" };
  const ctx = await authFor(context.db, context.env).$context;
  const consumed = await ctx.internalAdapter.consumeVerificationValue(pending.identifier);
  if (!consumed || consumed.value !== pending.userId) return { kind: "invalid" };
  const opened = await openSessionByPasskey(request, context, pending.userId, "password+passkey");
  if (!opened) return { kind: "invalid" };
  await attempt.succeeded();
  await ceremonyDone(context.db, pending.userId, context.clientIp);
  opened.headers.append("Set-Cookie", await pendingSignInCookieCleared(context));
  return { kind: "ok", ...opened };
}
