// npm run reset-two-factor -- --email <address>: the way back for an administrator who lost their
// authenticator and recovery codes when no other admin can reset it from the console (the last
// admin). Whoever runs it on the server can take over any staff account whose password they know,
// so it is the operator's, audited, and the account is told by email. See docs/deployment.md.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { type Env, parseEnv } from "../app/env.server";
import { emailField } from "../app/lib/person-fields";
import { users } from "../app/modules/accounts/schema";
import { resetTwoFactor } from "../app/modules/accounts/two-factor-reset.server";
import { openConfigured } from "./lib/open-configured";

const USAGE = `Usage: npm run reset-two-factor -- --email <address>
Turns two-factor off for the account with this email, on the configured database (DATABASE_URL, else
the embedded one in DATA_DIR: stop the server first). Its password stays; its authenticator and
recovery codes stop working; every session of it ends; the account is told by email and the audit
log records it. At its next sign-in to the console it sets two-factor up again.
Use it only for an account whose owner you have confirmed in person: an admin who can sign in should
reset another account from the console (Members, the account, Reset Two-Factor) instead.
`;

const emailSchema = emailField();

function exit(stream: NodeJS.WriteStream, message: string, code: number): never {
  stream.write(message);
  process.exit(code);
}

let email: string;
try {
  const { values } = parseArgs({
    options: { email: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) exit(process.stdout, USAGE, 0);
  if (values.email === undefined) exit(process.stderr, `Missing --email.\n\n${USAGE}`, 2);
  const parsed = emailSchema.safeParse(values.email);
  if (!parsed.success) exit(process.stderr, `--email: ${parsed.error.issues[0]?.message}\n\n${USAGE}`, 2);
  email = parsed.data;
} catch (error) {
  exit(process.stderr, `${(error as Error).message}\n\n${USAGE}`, 2);
}

let env: Env;
try {
  env = parseEnv();
} catch (error) {
  exit(process.stderr, `${(error as Error).message}\n`, 1);
}

const { database, where, release } = await openConfigured(env, "reset-two-factor");
let exitCode = 0;
try {
  await database.migrate();
  const [account] = await database.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, email));
  const outcome = account ? await resetTwoFactor(database.db, { kind: "server" }, account.id, undefined) : "not-found";
  if (outcome === "done") {
    process.stdout.write(
      `Two-factor is off for ${account?.name} <${email}> in ${where}; their sessions ended and the audit log records it.\n` +
        "An email tells them (it leaves when the server runs with SMTP_URL). At their next sign-in they set it up again.\n",
    );
  } else {
    exitCode = 1;
    process.stderr.write(
      outcome === "not-found"
        ? `No account has the email ${email} in ${where}.\n`
        : `Two-factor is already off for ${email}: nothing changed.\n`,
    );
  }
} catch (error) {
  exitCode = 1;
  process.stderr.write(`reset-two-factor failed: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await database.close().catch(() => {});
  release();
}
process.exit(exitCode);
