import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { isLoopbackHost } from "../../lib/loopback";
import { countAccounts } from "./members.server";
import { hashPassword, verifyPassword } from "./password.server";
import { accounts, profiles, type Role, users } from "./schema";

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
  await db.transaction(async (tx) => {
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

/** The demo accounts whose public password still signs in (one changed since is no longer a demo account). */
export async function demoAccountsWithPublicPasswords(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const open: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.email === demo.email);
    if (row?.hash && (await verifyPassword({ hash: row.hash, password: demo.password }))) open.push(demo.username);
  }
  return open;
}

/** `open`: the demo accounts that still sign in with their public passwords (usernames). */
export type DemoAccountsAtStart = { kind: "ready"; open: string[] } | { kind: "refused"; message: string };

/**
 * Start-up: an empty development database gets the demo accounts, but only where nobody else can
 * reach them. Production, or HOST beyond loopback, never creates them and refuses to start while
 * any still opens with its public password, unless DEMO_ACCOUNTS=true says they are wanted there.
 * (A loopback server behind a proxy is reachable too: the README says so; this cannot see it.)
 */
export async function prepareDemoAccounts(
  db: Db,
  env: Pick<Env, "isProduction" | "HOST" | "DEMO_ACCOUNTS">,
): Promise<DemoAccountsAtStart> {
  const reachable = env.isProduction || !isLoopbackHost(env.HOST);
  const allowed = !reachable || env.DEMO_ACCOUNTS;
  if (!env.isProduction && allowed && (await countAccounts(db)) === 0) {
    await seedDemoAccounts(db, { production: false });
  }
  const open = await demoAccountsWithPublicPasswords(db);
  if (open.length === 0 || allowed) return { kind: "ready", open };
  const why = env.isProduction ? "NODE_ENV=production" : `HOST=${env.HOST}`;
  return {
    kind: "refused",
    message:
      `Refusing to start: this database holds demo accounts whose passwords are public (docs/development.md, "Demo accounts"): ${open.join(", ")}.\n` +
      `With ${why} this server is meant to be reachable from other machines. Either\n` +
      "  - use a database without them (a new DATA_DIR or DATABASE_URL), or change their passwords, or\n" +
      (env.isProduction
        ? ""
        : "  - leave HOST unset, so that the server listens on this machine only (127.0.0.1), or\n") +
      "  - set DEMO_ACCOUNTS=true if demo accounts are wanted on this server.",
  };
}

export function describeDemoAccounts(): string {
  const lines = DEMO_ACCOUNTS.map(
    (a) => `  ${a.role.padEnd(7)} ${a.username.padEnd(7)} ${a.email.padEnd(20)} ${a.password}`,
  );
  return `Demo accounts (development only):\n  role    user    email                password\n${lines.join("\n")}\n`;
}
