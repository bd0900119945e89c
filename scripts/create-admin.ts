// npm run create-admin -- --email <address> --name "<name>": the first administrator of an install
// (production creates no demo accounts and takes accounts only from approved requests). Works on
// the configured database (DATABASE_URL, else DATA_DIR; stop the server first there) in any
// NODE_ENV; prints a single-use 24-hour link to choose a username and password, and queues it as
// an email. See docs/deployment.md, "The first administrator".
import { parseArgs } from "node:util";
import { z } from "zod/mini";
import { type Env, parseEnv } from "../app/env.server";
import { emailField, nameField } from "../app/lib/person-fields";
import { ADMIN_SETUP_HOURS, createAdminSetup } from "../app/modules/accounts/invitations.server";
import { openConfigured } from "./lib/open-configured";

const USAGE = `Usage: npm run create-admin -- --email <address> --name "<name>"
Creates an administrator account without a password on the configured database (DATABASE_URL, else
the embedded one in DATA_DIR, default ./data: stop the server first) and prints a single-use link,
valid ${ADMIN_SETUP_HOURS} hours, to choose a username and password; the link is also queued as an email.
Run it again for the same address to get a fresh link (earlier unused links stop working); an
existing account that is not an admin becomes one (recorded in the audit log).
Links start with SITE_URL (required in production; otherwise http://localhost:PORT).
`;

/** The product's own rules: SPEC.md's email pattern and the name rule of the application and profile. */
const argsSchema = z.object({
  email: emailField(),
  name: nameField(true),
});

function usage(problem: string): never {
  process.stderr.write(`${problem}\n\n${USAGE}`);
  process.exit(2);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let values: { email?: string; name?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  usage((error as Error).message);
}
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const missing = (["email", "name"] as const).filter((key) => values[key] === undefined).map((key) => `--${key}`);
if (missing.length > 0) usage(`Missing ${missing.join(" and ")}.`);
const parsed = argsSchema.safeParse({ email: values.email, name: values.name });
if (!parsed.success) {
  usage(parsed.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("\n"));
}
const person = parsed.data;

let env: Env;
try {
  env = parseEnv();
} catch (error) {
  fail((error as Error).message);
}

const { database, where, release } = await openConfigured(env, "create-admin");
let exitCode = 0;
try {
  // A fresh install may run this before the server ever started.
  await database.migrate();
  const setup = await createAdminSetup(database.db, person, env.SITE_URL);
  const who = `${setup.name} <${person.email}>`;
  process.stdout.write(
    setup.created
      ? `Created the administrator account of ${who} in ${where}.\n`
      : `${who} already has an account in ${where}: no second one was made.\n` +
          (setup.promotedFrom
            ? `It was a ${setup.promotedFrom}; it is now an admin (recorded in the audit log) and its sessions ended.\n`
            : "") +
          "Its earlier unused links no longer work.\n",
  );
  process.stdout.write(
    `\nOpen this link within ${ADMIN_SETUP_HOURS} hours to choose the username and password (it works once):\n\n` +
      `  ${setup.url}\n\n` +
      `The same link is queued as an email to ${person.email} (it leaves when the server runs with SMTP_URL).\n` +
      "After the password, the console asks for two-factor authentication (an authenticator app) before it opens.\n",
  );
} catch (error) {
  exitCode = 1;
  process.stderr.write(`create-admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await database.close().catch(() => {});
  release();
}
process.exit(exitCode);
