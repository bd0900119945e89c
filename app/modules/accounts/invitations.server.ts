import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import type { AppContext } from "../../handles";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { adminSetupMail } from "./mails";
import { hashPassword } from "./password.server";
import { accounts, type invitationPurposes, invitations, profiles, type Role, sessions, users } from "./schema";
import { notifyPasswordChanged } from "./security.server";
import { type SignInOutcome, signIn } from "./sign-in.server";

export const INVITATION_DAYS = 7;
export const ADMIN_SETUP_HOURS = 24;

export type InvitationPurpose = (typeof invitationPurposes)[number];

const LIFETIME_MS: Record<InvitationPurpose, number> = {
  invitation: INVITATION_DAYS * 86_400_000,
  "admin-setup": ADMIN_SETUP_HOURS * 3_600_000,
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export class EmailInUseError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

/** A new single-use link for the account; returns its token (stored only as a hash). */
async function issueLink(tx: Db, userId: string, purpose: InvitationPurpose): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(invitations).values({
    id: randomUUID(),
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Creates the member account of an approved person (no password yet) and a single-use
 * invitation. Runs inside the caller's transaction; returns the link's token (sent by email,
 * stored only as a hash). The address counts as proven only once the mailed link is followed.
 */
export async function createInvitedMember(tx: Db, person: { name: string; email: string }) {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email));
  if (existing) throw new EmailInUseError();
  const userId = randomUUID();
  await tx.insert(users).values({ id: userId, name: person.name, email: person.email });
  await tx.insert(profiles).values({ userId });
  return { userId, token: await issueLink(tx, userId, "invitation") };
}

export interface AdminSetup {
  url: string;
  /** The account's name: the given one for a new account, the stored one otherwise. */
  name: string;
  created: boolean;
  /** The role an existing account had before it was made an admin; null when it already was one. */
  promotedFrom: Role | null;
}

/**
 * `npm run create-admin`: an admin account without a usable password and a 24-hour setup link
 * (printed to the operator and queued as an email). For an existing address it makes no second
 * account: the account becomes an admin (audited) and gets a fresh link, and its earlier unused
 * links stop working, so only the newest one is live.
 */
export async function createAdminSetup(
  db: Db,
  person: { name: string; email: string },
  siteUrl: string,
): Promise<AdminSetup> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.email, person.email))
      .for("update");
    const userId = existing?.id ?? randomUUID();
    const name = existing?.name ?? person.name;
    const promotedFrom = existing && existing.role !== "admin" ? (existing.role as Role) : null;
    if (!existing) {
      // emailVerified stays false: the link is shown to the operator, so following it proves nothing.
      await tx.insert(users).values({ id: userId, name, email: person.email, role: "admin" });
      await tx.insert(profiles).values({ userId });
    } else {
      await tx.delete(invitations).where(and(eq(invitations.userId, userId), isNull(invitations.usedAt)));
    }
    if (promotedFrom) {
      await tx.update(users).set({ role: "admin", updatedAt: new Date() }).where(eq(users.id, userId));
      // As with a role change in the console: the person signs in again under the new role.
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    }
    if (!existing || promotedFrom) {
      await recordAudit(tx, {
        action: AUDIT_ACTIONS.roleChanged,
        actor: null,
        subjectUserId: userId,
        detail: { from: promotedFrom ?? "new account", to: "admin", via: "npm run create-admin" },
      });
    }
    const url = `${siteUrl}/welcome/${await issueLink(tx, userId, "admin-setup")}`;
    await enqueue(tx, {
      kind: "account.admin-setup",
      to: person.email,
      subject: "Set up the console",
      ...adminSetupMail(name, url),
    });
    return { url, name, created: !existing, promotedFrom };
  });
}

/** The invited person, while the link is unused and unexpired. */
export async function findInvitation(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select({
      id: invitations.id,
      purpose: invitations.purpose,
      userId: users.id,
      name: users.name,
      email: users.email,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

export type AcceptOutcome =
  | { kind: "accepted"; purpose: InvitationPurpose; signIn: SignInOutcome }
  | { kind: "expired" }
  | { kind: "username-taken" };

/**
 * Sets username and password (once: the link is used up in the same transaction), ends the
 * account's other sessions, then signs in. Following a mailed invitation proves the address;
 * an admin-setup link proves nothing, and never unproves an address proven before.
 */
export async function acceptInvitation(
  request: Request,
  context: Pick<AppContext, "db" | "env" | "clientIp" | "logger">,
  token: string,
  input: { username: string; password: string },
): Promise<AcceptOutcome> {
  const invitation = await findInvitation(context.db, token);
  if (!invitation) return { kind: "expired" };
  const [taken] = await context.db.select({ id: users.id }).from(users).where(eq(users.username, input.username));
  if (taken && taken.id !== invitation.userId) return { kind: "username-taken" };
  const passwordHash = await hashPassword(input.password);
  const accepted = await context.db
    .transaction(async (tx) => {
      const [used] = await tx
        .update(invitations)
        .set({ usedAt: new Date() })
        .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt)))
        .returning({ id: invitations.id });
      if (!used) return false;
      await tx
        .update(users)
        .set({
          username: input.username,
          displayUsername: input.username,
          ...(invitation.purpose === "invitation" ? { emailVerified: true } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, invitation.userId));
      await tx.delete(sessions).where(eq(sessions.userId, invitation.userId));
      const replaced = await tx
        .delete(accounts)
        .where(and(eq(accounts.userId, invitation.userId), eq(accounts.providerId, "credential")))
        .returning({ password: accounts.password });
      // An existing password replaced (an admin-setup link for an account that had one) is a reset: say so.
      if (replaced.some((r) => r.password)) {
        await notifyPasswordChanged(tx, context.env, { name: invitation.name, email: invitation.email }, "reset");
      }
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: invitation.userId,
        providerId: "credential",
        userId: invitation.userId,
        password: passwordHash,
      });
      return true;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return "username-taken" as const;
      throw error;
    });
  if (accepted === "username-taken") return { kind: "username-taken" };
  if (!accepted) return { kind: "expired" };
  const outcome = await signIn(request, context, { emailOrUsername: invitation.email, password: input.password });
  return { kind: "accepted", purpose: invitation.purpose, signIn: outcome };
}
