// Single-use links that set a username and password (/welcome/{token}): what following one proves,
// where it leads, and what it ends. The command that prints admin-setup links: create-admin.test.ts.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createAdminSetup, createInvitedMember } from "../../app/modules/accounts/invitations.server";
import { mailOutbox, rateLimits, users } from "../../db/schema";
import { cookiesOf, createAccount, get, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("invitation and admin-setup links over HTTP", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const tokenOf = (url: string) => url.split("/").pop() as string;
  const accept = (token: string, username: string, password = "lantern-over-still-water") =>
    postForm(server, `/welcome/${token}`, { username, password, confirmPassword: password });
  const proven = async (email: string) =>
    (await server.database.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified;
  const adminSetup = (person: { name: string; email: string }) =>
    createAdminSetup(server.database.db, person, server.url);

  it("a mailed invitation proves the address when it is followed, not when the account is made", async () => {
    const { token } = await server.database.db.transaction((tx) =>
      createInvitedMember(tx, { name: "Lena Hart", email: "lena@example.org" }),
    );
    expect(await proven("lena@example.org")).toBe(false);
    const res = await accept(token, "lena");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect(await proven("lena@example.org")).toBe(true);
  });

  it("an admin-setup link proves nothing and leads on to the console's two-factor enrolment", async () => {
    const setup = await adminSetup({ name: "Ada Quill", email: "ada@example.org" });
    const page = await (await get(server, new URL(setup.url).pathname)).text();
    expect(page).toContain("Set up the console");
    const res = await accept(tokenOf(setup.url), "ada");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/console");
    const consoleHome = await get(server, "/console", cookiesOf(res));
    expect(consoleHome.headers.get("location")).toBe("/console/two-factor");
    expect(await proven("ada@example.org")).toBe(false);
  });

  it("an admin-setup link never unproves an address, and the account may keep its own username", async () => {
    const member = await createAccount(server, "member", "Maya Member");
    expect(await proven(member.email)).toBe(true);
    const setup = await adminSetup(member);
    const res = await accept(tokenOf(setup.url), member.username);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/console");
    expect(await proven(member.email)).toBe(true);
  });

  it("a new password ends the account's other sessions; an enrolled admin continues with the second factor", async () => {
    const admin = await createAccount(server, "admin", "Adrian Steward");
    const { cookie, secret } = await signInStaff(server, admin);
    expect((await get(server, "/console", cookie)).status).toBe(200);
    const password = "a-new-lantern-path";
    const res = await accept(tokenOf((await adminSetup(admin)).url), admin.username, password);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sacred-access/two-factor?redirectTo=%2Fconsole");
    expect((await get(server, "/console", cookie)).status).toBe(302);
    const again = await signInStaff(server, { ...admin, password }, secret);
    expect((await get(server, "/console", again.cookie)).status).toBe(200);
    // The old password was replaced: the account's address is told, as after any reset.
    const notices = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, admin.email), eq(mailOutbox.kind, "account.password-changed")));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain("Your password was reset");
  });
});
