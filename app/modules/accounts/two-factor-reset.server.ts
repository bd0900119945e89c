import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { passkeys } from "./passkey-schema";
import { sessions, twoFactors, users } from "./schema";

/**
 * Who resets: an admin in the console (another account only), or the server's operator with
 * `npm run reset-two-factor` for the last admin (no account: the audit log says "the server").
 */
export type Resetter = { kind: "admin"; id: string; name: string; email: string } | { kind: "server" };

export type ResetOutcome = "done" | "not-found" | "not-permitted" | "not-enabled";

const SERVER_ACTOR = "the server (npm run reset-two-factor)";

/**
 * The way back from a lost authenticator (decision 007). The account's password stays; its
 * authenticator secret and recovery codes go and every session of it ends, so its next sign-in
 * sets two-factor up again (the console asks for it before it opens). Never by email alone: only
 * an admin or the server's operator can do it, it is audited, and both sides are told by email,
 * so an account reset without its owner's asking is noticed at once.
 */
export async function resetTwoFactor(
  db: Db,
  by: Resetter,
  targetId: string,
  ip: string | undefined,
): Promise<ResetOutcome> {
  const [target] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, targetId));
  if (!target) return "not-found";
  // One's own second factor is never reset from a session it opened: that would undo its protection.
  if (by.kind === "admin" && by.id === target.id) return "not-permitted";
  if (!target.enabled) return "not-enabled";
  const actorName = by.kind === "admin" ? by.name : SERVER_ACTOR;
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, target.id));
    // A lost phone may hold a passkey too: every passkey of the account goes with the codes.
    await tx.delete(passkeys).where(eq(passkeys.userId, target.id));
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, target.id));
    await tx.delete(sessions).where(eq(sessions.userId, target.id));
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.twoFactorReset,
      actor: by.kind === "admin" ? { id: by.id, name: by.name } : null,
      subjectUserId: target.id,
      detail: by.kind === "server" ? { by: "server" } : undefined,
      ip,
    });
    await enqueue(tx, {
      kind: "two-factor.reset",
      to: target.email,
      subject: "Your two-factor sign-in was reset",
      ...renderMail({
        heading: `Your two-factor sign-in was reset, ${target.name}`,
        paragraphs: [
          `${actorName === SERVER_ACTOR ? "The server's operator" : actorName} reset the second step of your sign-in. Your password is unchanged; every session of yours has ended, and your old authenticator codes, recovery codes and passkeys no longer work.`,
          target.role === "member"
            ? "Your password alone opens your account now; you can turn two-factor on again from your profile."
            : "When you next sign in, you will set up two-factor again with your authenticator app.",
          "If you did not ask for this, tell another administrator at once and change your password.",
        ],
      }),
    });
    if (by.kind === "admin") {
      await enqueue(tx, {
        kind: "two-factor.reset",
        to: by.email,
        subject: `You reset two-factor for ${target.name}`,
        ...renderMail({
          heading: `You reset two-factor for ${target.name}`,
          paragraphs: [
            `${target.name} (${target.email}) ${target.role === "member" ? "may turn two-factor on again from their profile" : "will set up two-factor again at their next sign-in"}; their sessions have ended and they have been told by email.`,
            "If this was not you, someone is using your account: change your password and tell another administrator.",
          ],
        }),
      });
    }
  });
  return "done";
}
