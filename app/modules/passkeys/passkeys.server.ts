import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { RequestHandles } from "../../handles";
import { passkeys } from "../accounts/passkey-schema";
import { twoFactors, users } from "../accounts/schema";
import type { Viewer } from "../accounts/session.server";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { ceremonyDone } from "./budgets.server";
import { type AddOutcome, addPasskey } from "./ceremonies.server";
import { passkeyAddedMail, passkeyRemovedMail } from "./mails";

/** The account's passkeys, oldest first, as /profile lists them (nothing of the key itself). */
export function listPasskeys(db: Db, accountId: string) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, accountId))
    .orderBy(asc(passkeys.createdAt));
}

/** Whether the account has a passkey to offer at the second step of its sign-in. */
export async function hasPasskeys(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, accountId)).limit(1);
  return Boolean(row);
}

/** Whether the account's second factor includes an authenticator app (a TOTP secret, with recovery codes). */
export async function hasAuthenticatorApp(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(eq(twoFactors.userId, accountId))
    .limit(1);
  return Boolean(row);
}

/**
 * Keeps a passkey the browser made for the viewer's account; the account's address is told, with
 * what to do when it was not them (a stolen session could add one to keep a way in).
 */
export async function keepPasskey(
  request: Request,
  context: RequestHandles,
  viewer: Viewer,
  name: string,
  response: RegistrationResponseJSON,
): Promise<AddOutcome> {
  const added = await addPasskey(context.db, request, viewer.id, name, response);
  if (added.kind !== "added") return added;
  await ceremonyDone(context.db, viewer.id, context.clientIp);
  await recordAudit(context.db, {
    action: AUDIT_ACTIONS.passkeyAdded,
    actor: { id: viewer.id, name: viewer.name },
    subjectUserId: viewer.id,
    detail: { passkey: added.id },
    ip: context.clientIp,
  });
  await enqueue(context.db, {
    kind: "passkey.added",
    to: viewer.email,
    subject: "A passkey was added to your account",
    ...passkeyAddedMail(viewer.name, name, `${context.env.SITE_URL}/forgot-password`),
  });
  return added;
}

export type RemoveOutcome = "removed" | "missing" | "last";

/**
 * Removes one of the viewer's own passkeys ("missing" when the account has none by that id). The
 * last one stays while two-factor asks for a passkey and no app stands beside it ("last"): the
 * account would otherwise wait at a second step nothing can answer. The account's row is locked,
 * so two removals at once cannot both take the last two.
 */
export async function removePasskey(
  context: RequestHandles,
  viewer: Viewer,
  passkeyId: string,
): Promise<RemoveOutcome> {
  const outcome = await context.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, viewer.id))
      .for("update");
    if (account?.twoFactorEnabled && !(await hasAuthenticatorApp(tx, viewer.id))) {
      const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, viewer.id));
      if ((held?.n ?? 0) <= 1) return "last" as const;
    }
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, viewer.id)))
      .returning({ name: passkeys.name });
    return row ?? ("missing" as const);
  });
  if (typeof outcome === "string") return outcome;
  await recordAudit(context.db, {
    action: AUDIT_ACTIONS.passkeyRemoved,
    actor: { id: viewer.id, name: viewer.name },
    subjectUserId: viewer.id,
    detail: { passkey: passkeyId },
    ip: context.clientIp,
  });
  await enqueue(context.db, {
    kind: "passkey.removed",
    to: viewer.email,
    subject: "A passkey was removed from your account",
    ...passkeyRemovedMail(viewer.name, outcome.name),
  });
  return "removed";
}

/** Renames one of the viewer's own passkeys; false when the account has none by that id. */
export async function renamePasskey(db: Db, viewer: Viewer, passkeyId: string, name: string): Promise<boolean> {
  const renamed = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, viewer.id)))
    .returning({ id: passkeys.id });
  return renamed.length === 1;
}
