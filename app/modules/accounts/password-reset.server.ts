import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { LoggedHandles } from "../../handles";
import { hitAddress } from "../rate-limit/address-budget.server";
import { hit } from "../rate-limit/rate-limit.server";
import { ADDRESS_BUDGETS, RATE_LIMITS } from "../rate-limit/rules";
import { authFor } from "./auth.server";
import { users } from "./schema";
import { notifyPasswordChanged } from "./security.server";
import { type SignInOutcome, signIn } from "./sign-in.server";

/**
 * Sends a reset link when the address has an account. The answer is the same either way,
 * so the form never tells who is a member.
 */
export async function requestPasswordReset(
  context: LoggedHandles,
  email: string,
): Promise<{ ok: true } | { ok: false; by: "connection" | "address"; retryAfterSeconds: number }> {
  const byIp = await hit(context.db, RATE_LIMITS.resetIp, context.clientIp);
  if (!byIp.allowed) return { ok: false, by: "connection", retryAfterSeconds: byIp.retryAfterSeconds };
  const byEmail = await hitAddress(context.db, ADDRESS_BUDGETS.reset, email, context.clientIp);
  // Over this connection's budget for the address: answer as usual, send nothing more (no oracle).
  if (!byEmail.allowed && byEmail.by === "own") return { ok: true };
  // Over the address's ceiling (asked from many connections): the same words whether or not it has an account.
  if (!byEmail.allowed) return { ok: false, by: "address", retryAfterSeconds: byEmail.retryAfterSeconds };
  await authFor(context.db, context.env).api.requestPasswordReset({ body: { email } });
  return { ok: true };
}

/** The account a reset link belongs to, while the link is unused and unexpired. */
export async function findResetAccount(context: LoggedHandles, token: string) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
  const internal = (await authFor(context.db, context.env).$context).internalAdapter;
  const verification = await internal.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  const [user] = await context.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, verification.value));
  return user ?? null;
}

/**
 * Sets the new password (better-auth consumes the link and ends every session of the
 * account), tells the account's address, then signs this browser in.
 */
export async function resetPassword(
  request: Request,
  context: LoggedHandles,
  token: string,
  password: string,
): Promise<SignInOutcome | { kind: "expired" }> {
  const account = await findResetAccount(context, token);
  if (!account) return { kind: "expired" };
  try {
    await authFor(context.db, context.env).api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    if (error instanceof APIError) return { kind: "expired" };
    throw error;
  }
  // The link was mailed to the account's address only: following it proves the address (decision 007).
  await context.db.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
  await notifyPasswordChanged(context.db, context.env, account, "reset");
  return signIn(request, context, { emailOrUsername: account.email, password });
}
