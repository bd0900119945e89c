import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor, username } from "better-auth/plugins";
import { adminAc, defaultAc } from "better-auth/plugins/admin/access";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { site } from "../../lib/site";
import { enqueue } from "../mail/outbox.server";
import { passwordResetMail } from "./mails";
import { hashPassword, verifyPassword } from "./password.server";
import { newRecoveryCodes, RECOVERY_CODE_COUNT } from "./recovery-code-format";
import { accounts, sessions, twoFactors, users, verifications } from "./schema";

/**
 * Sessions end after 30 days in all (cookie and row) or 7 days without use. better-auth touches
 * the row at most daily while it is used (updateAge), so `updatedAt` measures idleness to the day;
 * both limits are checked in session.server.ts.
 */
export const SESSION_ABSOLUTE_MS = 30 * 86_400_000;
export const SESSION_IDLE_MS = 7 * 86_400_000;
export const RESET_TOKEN_SECONDS = 24 * 3600;
/** The client IP travels from our load context to better-auth in this request header. */
export const CLIENT_IP_HEADER = "x-sacred-client-ip";

const staffRole = defaultAc.newRole({ user: [], session: [] });

function createAuth(db: Db, env: Env) {
  const secure = env.SITE_URL.startsWith("https://");
  return betterAuth({
    appName: site.name,
    baseURL: env.SITE_URL,
    basePath: "/auth",
    secret: env.AUTH_SECRET,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    telemetry: { enabled: false },
    // Failed sign-ins are expected traffic, not warnings; our request log records the answers.
    // Only the message is written: the extra arguments can hold failed queries with their parameters.
    logger: {
      level: "error",
      log: (level, message) => process.stderr.write(`${JSON.stringify({ level, msg: `[better-auth] ${message}` })}\n`),
    },
    // Our own database-backed limits guard every action that reaches better-auth (DESIGN.md).
    rateLimit: { enabled: false },
    verification: { storeIdentifier: "hashed" },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true, // accounts come from approved access requests only
      minPasswordLength: 6, // sign-in keeps SPEC.md's rule; new passwords are checked by validation.ts
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await enqueue(db, {
          kind: "account.reset-password",
          to: user.email,
          subject: "Reset your sacred key",
          ...passwordResetMail(user.name, `${env.SITE_URL}/reset-password/${token}`),
        });
      },
    },
    session: {
      expiresIn: SESSION_ABSOLUTE_MS / 1000,
      updateAge: 86_400,
      cookieCache: { enabled: false }, // a revoked session must end at once
      // Set only by our two-factor steps (two-factor.server.ts), never from a request body.
      additionalFields: { twoFactorVerified: { type: "boolean", required: false, defaultValue: false, input: false } },
    },
    advanced: {
      // "__Host-" (Secure, Path=/, no Domain) in production; plain names on http://localhost.
      useSecureCookies: false,
      cookiePrefix: secure ? "__Host-sacred" : "sacred",
      defaultCookieAttributes: { secure, httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      admin({
        defaultRole: "member",
        adminRoles: ["admin"],
        roles: { admin: adminAc, keeper: staffRole, member: staffRole },
      }),
      twoFactor({
        issuer: site.name,
        // Lower case without look-alikes, to read aloud and type (recovery-code-format.ts).
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, customBackupCodesGenerate: () => newRecoveryCodes() },
        // Failed second factors are counted by our own budgets (guessing.server.ts: per account and
        // per browser that passed before, over codes and passkeys, with a daily ceiling); better-auth's
        // lock would shut the owner's own browser out after a stranger's ten failures (issue 45).
        accountLockout: { enabled: false },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<object, Auth>();

/** One better-auth instance per database handle (the app has one; tests have one per file). */
export function authFor(db: Db, env: Env): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db, env);
    instances.set(db, auth);
  }
  return auth;
}
