import { randomBytes } from "node:crypto";
import type { Role } from "../../app/modules/accounts/roles";
import { createPasswordAccount } from "../../app/modules/accounts/seed.server";
import { postForm, type TestServer } from "./server";
import { unusedTotp } from "./totp";

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  username: string;
  password: string;
  role: Role;
}

/** A fresh account that can sign in (the same factory the seed uses). */
export async function createAccount(
  server: TestServer,
  role: Role = "member",
  name = "Test Person",
): Promise<TestAccount> {
  const tag = randomBytes(4).toString("hex");
  const account = {
    name,
    email: `${role}-${tag}@example.org`,
    username: `${role}_${tag}`,
    password: `pw-${tag}-sacred`,
    role,
  };
  const id = await createPasswordAccount(server.database.db, account);
  return { id, ...account };
}

/**
 * A member signed in, and a second one: the second proves the first's records stay theirs
 * (another member's request must not see or change them).
 */
export async function twoMembers(server: TestServer, name?: string) {
  const member = await createAccount(server, "member", name);
  const { cookie } = await signIn(server, member.username, member.password);
  const other = await createAccount(server);
  const { cookie: otherCookie } = await signIn(server, other.username, other.password);
  return { member, cookie, other, otherCookie };
}

/** The cookies a response sets, as a Cookie header value (name=value pairs). */
export function cookiesOf(res: Response, previous = ""): string {
  const jar = new Map(previous ? previous.split("; ").map((c) => c.split("=", 2) as [string, string]) : []);
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = (pair ?? "").split("=");
    if (!name) continue;
    if (/max-age=0/i.test(line) || value.join("=") === "") jar.delete(name);
    else jar.set(name, value.join("="));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export async function signIn(server: TestServer, identifier: string, password: string) {
  const res = await postForm(server, "/sacred-access", { emailOrUsername: identifier, password, redirectTo: "" });
  return { res, cookie: cookiesOf(res) };
}

/**
 * GET as a browser on our site would (a link followed from one of its pages: `Sec-Fetch-Site:
 * same-origin`), with the given cookies; redirects are not followed.
 */
export function get(server: TestServer, path: string, cookie = ""): Promise<Response> {
  const headers: Record<string, string> = { "Sec-Fetch-Site": "same-origin" };
  if (cookie) headers.cookie = cookie;
  return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
}

export function post(server: TestServer, path: string, cookie: string, fields: Record<string, string>) {
  return postForm(server, path, fields, cookie ? { cookie } : {});
}

/**
 * Signs a staff account in and, the first time, enrols it in two-factor through the console
 * (as a keeper would). Returns the cookie of a full staff session and the TOTP secret.
 */
export async function signInStaff(server: TestServer, account: TestAccount, secret?: string, enrolmentPage?: string) {
  const first = await signIn(server, account.username, account.password);
  if (secret) {
    // Enrolled before: the password step leaves a pending two-factor cookie.
    const res = await post(server, "/sacred-access/two-factor", first.cookie, {
      code: await unusedTotp(secret),
      redirectTo: "/console",
    });
    if (res.status !== 303) throw new Error(`two-factor sign-in failed: ${res.status}`);
    return { cookie: cookiesOf(res, first.cookie), secret };
  }
  // An enrolment already begun (its page given) is confirmed; otherwise one is begun here.
  const html =
    enrolmentPage ??
    (await (
      await post(server, "/console/two-factor", first.cookie, { intent: "start", password: account.password })
    ).text());
  const found = html.match(/"secret","([A-Z2-7]+)"/) ?? html.match(/>([A-Z2-7]{16,})<\/code>/);
  if (!found?.[1]) throw new Error("no TOTP secret on the enrolment page");
  const enrolled = found[1];
  const confirm = await post(server, "/console/two-factor", first.cookie, {
    intent: "confirm",
    code: await unusedTotp(enrolled),
  });
  if (confirm.status !== 303) throw new Error(`two-factor enrolment failed: ${confirm.status}`);
  return { cookie: cookiesOf(confirm, first.cookie), secret: enrolled };
}
