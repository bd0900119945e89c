import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { profiles } from "../profile/schema";
import { hashPassword } from "./password.server";
import { accounts, type Role, users } from "./schema";

/**
 * Demo accounts for development (README "Demo accounts"). Never created in production:
 * their passwords are public. Staff enrol two-factor authentication at their first console visit.
 */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  name: string;
  email: string;
  username: string;
  password: string;
  role: Role;
}> = [
  {
    name: "Maya Rivers",
    email: "member@example.org",
    username: "maya",
    password: "gentle-river-morning",
    role: "member",
  },
  {
    name: "Elena Keeper",
    email: "keeper@example.org",
    username: "elena",
    password: "quiet-temple-lantern",
    role: "keeper",
  },
  {
    name: "Adrian Steward",
    email: "admin@example.org",
    username: "adrian",
    password: "golden-cedar-threshold",
    role: "admin",
  },
];

export class DemoAccountsInProductionError extends Error {
  constructor() {
    super("Demo accounts are never created in production (NODE_ENV=production).");
  }
}

/** Creates the demo accounts that do not exist yet; returns the ones it created. */
export async function seedDemoAccounts(db: Db, options: { production: boolean }) {
  if (options.production) throw new DemoAccountsInProductionError();
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const have = new Set(existing.map((e) => e.email));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.email));
  for (const account of missing) await createPasswordAccount(db, account);
  return missing;
}

/**
 * An account that can sign in at once (demo accounts and tests; real members come through
 * invitations). Seed and tests share this factory.
 */
export async function createPasswordAccount(
  db: Db,
  account: { name: string; email: string; username: string; password: string; role: Role },
): Promise<string> {
  const id = randomUUID();
  const password = await hashPassword(account.password);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.insert(users).values({
      id,
      name: account.name,
      email: account.email,
      emailVerified: true,
      username: account.username,
      displayUsername: account.username,
      role: account.role,
    });
    await tx
      .insert(accounts)
      .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password });
    await tx.insert(profiles).values({ userId: id });
  });
  return id;
}

/** True when any demo account exists (start-up then prints their credentials). */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export function describeDemoAccounts(): string {
  const lines = DEMO_ACCOUNTS.map(
    (a) => `  ${a.role.padEnd(7)} ${a.username.padEnd(7)} ${a.email.padEnd(20)} ${a.password}`,
  );
  return `Demo accounts (development only):\n  role    user    email                password\n${lines.join("\n")}\n`;
}
