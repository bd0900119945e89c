import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import type { AppContext } from "../../context";
import { profiles } from "../profile/schema";
import { hashPassword } from "./password.server";
import { accounts, invitations, users } from "./schema";
import { type SignInOutcome, signIn } from "./sign-in.server";

export const INVITATION_DAYS = 7;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export class EmailInUseError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

/**
 * Creates the member account of an approved person (no password yet) and a single-use
 * invitation. Runs inside the caller's transaction; returns the link's token (sent by email,
 * stored only as a hash).
 */
export async function createInvitedMember(tx: Db, person: { name: string; email: string }) {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email));
  if (existing) throw new EmailInUseError();
  const userId = randomUUID();
  await tx.insert(users).values({ id: userId, name: person.name, email: person.email, emailVerified: true });
  await tx.insert(profiles).values({ userId });
  const token = randomBytes(32).toString("base64url");
  await tx.insert(invitations).values({
    id: randomUUID(),
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  return { userId, token };
}

/** The invited person, while the link is unused and unexpired. */
export async function findInvitation(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select({ id: invitations.id, userId: users.id, name: users.name, email: users.email })
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

export type AcceptOutcome = SignInOutcome | { kind: "expired" } | { kind: "username-taken" };

/** Sets username and password (once: the link is used up in the same transaction), then signs in. */
export async function acceptInvitation(
  request: Request,
  context: Pick<AppContext, "db" | "env" | "clientIp" | "logger">,
  token: string,
  input: { username: string; password: string },
): Promise<AcceptOutcome> {
  const invitation = await findInvitation(context.db, token);
  if (!invitation) return { kind: "expired" };
  const [taken] = await context.db.select({ id: users.id }).from(users).where(eq(users.username, input.username));
  if (taken) return { kind: "username-taken" };
  const passwordHash = await hashPassword(input.password);
  const accepted = await context.db
    .transaction(async (t) => {
      const tx = t as unknown as Db;
      const [used] = await tx
        .update(invitations)
        .set({ usedAt: new Date() })
        .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt)))
        .returning({ id: invitations.id });
      if (!used) return false;
      await tx
        .update(users)
        .set({ username: input.username, displayUsername: input.username, updatedAt: new Date() })
        .where(eq(users.id, invitation.userId));
      await tx
        .delete(accounts)
        .where(and(eq(accounts.userId, invitation.userId), eq(accounts.providerId, "credential")));
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
  return signIn(request, context, { emailOrUsername: invitation.email, password: input.password });
}
