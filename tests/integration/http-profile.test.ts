import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, mailOutbox, medicalRecords, profiles, rateLimits, sessions, users } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

const RECORD = {
  mentalHealthHistory: "Anxiety in 2019, treated with talk therapy.",
  currentMedications: "Sertraline 50mg daily",
  allergies: "Penicillin",
  medicalConditions: "Mild asthma",
};

describeEachBackend("the member's profile over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let keeperCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server, "member", "Maya Rivers");
    ({ cookie } = await signIn(server, member.username, member.password));
    const keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const save = (fields: Record<string, string>) => post(server, "/profile", cookie, fields);
  const emailOf = async (id: string) =>
    (await server.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
  const mailsTo = (to: string, kind: string) =>
    server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
      .orderBy(mailOutbox.id);
  /** The site path of the link in a mail's text. */
  const linkIn = (text: string | undefined) => {
    const url = text?.match(/https?:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]+/)?.[0];
    if (!url) throw new Error("no confirmation link in the mail");
    return new URL(url).pathname;
  };

  it("saves each card after server-side validation, with clear messages and nothing half-saved", async () => {
    const basic = {
      intent: "basic",
      fullName: "Maya Rivers",
      phone: "+1 (555) 010-2030",
      age: "34",
      city: "Asheville",
      emergencyContact: "Sam Rivers",
      emergencyPhone: "+15550102031",
    };
    const saved = await save(basic);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/profile?done=basic#basic");
    // Without JavaScript the page it lands on says it worked (SPEC.md's toast needs the app).
    expect(await (await get(server, "/profile?done=basic", cookie)).text()).toContain("Your profile is saved.");
    const page = await (await get(server, "/profile", cookie)).text();
    expect(page).toContain("Asheville");
    expect(page).toContain("Sam Rivers");

    const cases: Array<[Record<string, string>, string]> = [
      [{ ...basic, fullName: " " }, "Name is required"],
      [{ ...basic, fullName: "<script>alert(1)</script>" }, "Name contains invalid characters"],
      [{ ...basic, phone: "0123" }, "Please enter a valid phone number"],
      [{ ...basic, age: "18" }, "Must be at least 21 years old"],
      [{ ...basic, age: "130" }, "Please enter a valid age"],
      [{ ...basic, city: "x".repeat(101) }, "City name must be less than 100 characters"],
      [{ intent: "medical", ...RECORD, allergies: "x".repeat(2001) }, "Text must be less than 2000 characters"],
      [{ intent: "settings", timezone: "Mars/Olympus" }, "Please choose a time zone from the list"],
    ];
    for (const [fields, message] of cases) {
      const res = await save(fields);
      expect(res.status, message).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      // The card stays open with what was typed.
      if (fields.intent === "basic") expect(html).toContain('value="Sam Rivers"');
    }
    const [row] = await server.database.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(row).toMatchObject({ city: "Asheville", age: 34, timezone: "America/New_York" });

    expect(
      (
        await save({
          intent: "clothing",
          shirtSize: "M",
          pantSize: "32",
          shoeSize: "9",
          specialRequests: "Loose cotton",
        })
      ).status,
    ).toBe(303);
    expect(
      (
        await save({
          intent: "dietary",
          dietaryRestrictions: "Vegetarian",
          dietaryPreferences: "",
          dietaryAllergies: "Peanuts",
        })
      ).status,
    ).toBe(303);
    const [after] = await server.database.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(after).toMatchObject({ shirtSize: "M", specialRequests: "Loose cotton", dietaryAllergies: "Peanuts" });
  });

  it("stores settings with SPEC.md's defaults, and the time zone drives the greeting", async () => {
    const [defaults] = await server.database.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(defaults).toMatchObject({
      emailNotifications: true,
      sessionReminders: true,
      integrationPrompts: false,
      journalReminders: true,
      timezone: "America/New_York",
    });
    expect((await save({ intent: "settings", integrationPrompts: "on", timezone: "Asia/Tokyo" })).status).toBe(303);
    const [row] = await server.database.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(row).toMatchObject({ emailNotifications: false, integrationPrompts: true, timezone: "Asia/Tokyo" });
    const hour = Number(
      new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: "Asia/Tokyo" }).format(
        new Date(),
      ),
    );
    const greeting = hour < 12 ? "Good Morning" : hour < 17 ? "Good Afternoon" : "Good Evening";
    expect(await (await get(server, "/dashboard", cookie)).text()).toContain(greeting);
    await save({
      intent: "settings",
      emailNotifications: "on",
      sessionReminders: "on",
      journalReminders: "on",
      timezone: "America/New_York",
    });
  });

  it("encrypts the medical record at rest: no plaintext anywhere in the database", async () => {
    expect((await save({ intent: "medical", ...RECORD, isPrivate: "on" })).status).toBe(303);
    const dump = (await server.database.db.execute(
      sql`select to_jsonb(m)::text as row from medical_records m`,
    )) as unknown as { rows: unknown[] };
    const text = JSON.stringify(dump.rows);
    for (const value of Object.values(RECORD)) expect(text).not.toContain(value);
    expect(text).toContain("t1:");
    // The member reads their own record back.
    const page = await (await get(server, "/profile", cookie)).text();
    expect(page).toContain("Sertraline 50mg daily");
  });

  it("keeps a private record from every keeper; a shared one is read with an audit entry the member sees", async () => {
    await save({ intent: "medical", ...RECORD, isPrivate: "on" });
    const privateView = await (await get(server, `/console/members/${member.id}?record=open`, keeperCookie)).text();
    expect(privateView).toContain("The member keeps this record private.");
    expect(privateView).not.toContain("Sertraline");
    expect(
      await server.database.db.select().from(auditLog).where(eq(auditLog.action, "medical-record.read")),
    ).toHaveLength(0);

    await save({ intent: "medical", ...RECORD }); // unticked: shared
    const [row] = await server.database.db.select().from(medicalRecords).where(eq(medicalRecords.userId, member.id));
    expect(row?.isPrivate).toBe(false);
    const sharedView = await (await get(server, `/console/members/${member.id}?record=open`, keeperCookie)).text();
    expect(sharedView).toContain("Sertraline 50mg daily");
    const reads = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "medical-record.read"));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ subjectUserId: member.id, actorName: "Elena Keeper" });
    expect(await (await get(server, "/profile", cookie)).text()).toContain("Elena Keeper,");
    await save({ intent: "medical", ...RECORD, isPrivate: "on" });
  });

  it("renders stored text as text, never as markup", async () => {
    await save({
      intent: "clothing",
      shirtSize: "M",
      pantSize: "",
      shoeSize: "",
      specialRequests: '<img src=x onerror="alert(1)">',
    });
    const html = await (await get(server, "/profile", cookie)).text();
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
    expect(html).toContain("&lt;img src=x onerror=");
  });

  it("changes the password (other sessions end) and the email only with the password", async () => {
    const other = await signIn(server, member.username, member.password);
    const wrong = await save({
      intent: "password",
      currentPassword: "not-it-at-all",
      password: "new-long-secret-words",
      confirmPassword: "new-long-secret-words",
    });
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain("Your current password is not correct");
    // No password is ever written back into the page.
    expect(wrongPage).not.toContain("not-it-at-all");
    expect(wrongPage).not.toContain("new-long-secret-words");
    const changed = await save({
      intent: "password",
      currentPassword: member.password,
      password: "new-long-secret-words",
      confirmPassword: "new-long-secret-words",
    });
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe("/profile?done=password#security");
    const renewed = changed.headers.getSetCookie().find((c) => c.startsWith("sacred.session_token="));
    expect(renewed).toBeTruthy();
    cookie = (renewed as string).split(";")[0] as string;
    member.password = "new-long-secret-words";
    expect((await get(server, "/dashboard", other.cookie)).status).toBe(302);
    expect((await get(server, "/dashboard", cookie)).status).toBe(200);

    const [passwordNotice] = await mailsTo(member.email, "account.password-changed");
    expect(passwordNotice?.textBody).toContain("Your password was changed");
    expect(passwordNotice?.textBody).toContain("This wasn't me: reset my password");
  });

  it("changes the email only after the password and the link sent to the new address", async () => {
    const before = member.email;
    const noPassword = await save({
      intent: "email",
      newEmail: "maya.new@example.org",
      currentPassword: "wrong-password",
    });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.text()).toContain("Your current password is not correct");

    const moved = await save({ intent: "email", newEmail: "Maya.New@Example.org", currentPassword: member.password });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe("/profile?done=email-sent#security");
    // Nothing changes yet: the old address stays in force, the change waits on the profile.
    expect(await emailOf(member.id)).toBe(before);
    expect((await signIn(server, before, member.password)).res.status).toBe(303);
    const profile = await (await get(server, "/profile", cookie)).text();
    expect(profile).toContain("Waiting for confirmation:");
    expect(profile).toContain("maya.new@example.org");

    const link = linkIn((await mailsTo("maya.new@example.org", "account.email-confirm")).at(-1)?.textBody);
    // Opening the link (a mail scanner does) changes nothing; the button does.
    const page = await get(server, link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm This Address");
    expect(await emailOf(member.id)).toBe(before);
    const confirmed = await post(server, link, "", {});
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`${link}?done=changed`);
    expect(await (await get(server, `${link}?done=changed`)).text()).toContain("Your address is confirmed");
    expect(await emailOf(member.id)).toBe("maya.new@example.org");
    const [notice] = await mailsTo(before, "account.email-changed");
    expect(notice?.textBody).toContain("maya.new@example.org");
    // Single use.
    expect((await post(server, link, "", {})).status).toBe(410);
    expect((await get(server, link)).status).toBe(410);
    member.email = "maya.new@example.org";
  });

  it("lets the member cancel a pending change; its link then changes nothing", async () => {
    await save({ intent: "email", newEmail: "maya.elsewhere@example.org", currentPassword: member.password });
    const link = linkIn((await mailsTo("maya.elsewhere@example.org", "account.email-confirm")).at(-1)?.textBody);
    const cancelled = await save({ intent: "cancel-email" });
    expect(cancelled.headers.get("location")).toBe("/profile?done=email-cancelled#security");
    expect(await (await get(server, "/profile", cookie)).text()).not.toContain("Waiting for confirmation:");
    expect((await post(server, link, "", {})).status).toBe(410);
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it("answers alike whether or not another account has the address, and tells that account's owner", async () => {
    const taken = await createAccount(server);
    const inUse = await save({ intent: "email", newEmail: taken.email, currentPassword: member.password });
    const free = await save({ intent: "email", newEmail: "maya.free@example.org", currentPassword: member.password });
    expect(inUse.status).toBe(free.status);
    expect(inUse.headers.get("location")).toBe(free.headers.get("location"));
    expect(await emailOf(member.id)).toBe(member.email);
    expect(await emailOf(taken.id)).toBe(taken.email);
    const [told] = await mailsTo(taken.email, "account.email-in-use");
    expect(told?.textBody).toContain("nothing was changed");
    expect(await mailsTo(taken.email, "account.email-confirm")).toHaveLength(0);
    await save({ intent: "cancel-email" });
  });

  it("shows the same profile, pending change and cancel button whether the address is free or taken", async () => {
    const asker = await createAccount(server, "member", "Rowan Asker");
    const { cookie: askerCookie } = await signIn(server, asker.username, asker.password);
    const address = `rowan-wanted-${Date.now()}@example.org`;
    /** The page as a person sees it, without what is random in each render (one-time keys, nonces, the minute). */
    const normalised = (html: string) =>
      html
        .replace(/(name="_key" value=")[^"]+/g, "$1KEY")
        .replace(/("_key":")[^"]+/g, "$1KEY")
        .replace(/nonce="[^"]+"/g, 'nonce="NONCE"')
        .replace(/\d{1,2}:\d{2}(\s?[AP]M)?/g, "TIME");
    /** Asks for the address, then reads what the asker is shown, then cancels. */
    const ask = async () => {
      const answer = await post(server, "/profile", askerCookie, {
        intent: "email",
        newEmail: address,
        currentPassword: asker.password,
      });
      const page = await get(server, answer.headers.get("location") ?? "", askerCookie);
      const shown = { status: page.status, html: normalised(await page.text()) };
      const cancelled = await post(server, "/profile", askerCookie, { intent: "cancel-email" });
      const after = await get(server, "/profile", askerCookie);
      return {
        answer: { status: answer.status, location: answer.headers.get("location"), body: await answer.text() },
        shown,
        cancelled: { status: cancelled.status, location: cancelled.headers.get("location") },
        after: { status: after.status, html: normalised(await after.text()) },
      };
    };

    const free = await ask();
    expect(free.shown.html).toContain("Waiting for confirmation:");
    expect(free.shown.html).toContain(address);
    expect(free.after.html).not.toContain("Waiting for confirmation:");

    // The address becomes another account's; the asker must not be able to tell.
    const owner = await createAccount(server);
    await server.database.db.update(users).set({ email: address, emailVerified: true }).where(eq(users.id, owner.id));
    const taken = await ask();
    expect(taken).toEqual(free);

    // The owner's account is unchanged and they were told; the asker's request was never mailed a link.
    const [ownerRow] = await server.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow?.email).toBe(address);
    expect(ownerRow?.emailVerified).toBe(true);
    expect(await emailOf(asker.id)).toBe(asker.email);
    expect(await mailsTo(address, "account.email-in-use")).toHaveLength(1);
    expect(await mailsTo(address, "account.email-confirm")).toHaveLength(1); // the free round's, cancelled

    // Even once the owner gives the address up, the asker's pending request for it can never be confirmed.
    await post(server, "/profile", askerCookie, {
      intent: "email",
      newEmail: address,
      currentPassword: asker.password,
    });
    await server.database.db
      .update(users)
      .set({ email: `gone-${owner.username}@example.org` })
      .where(eq(users.id, owner.id));
    expect(await mailsTo(address, "account.email-confirm")).toHaveLength(1);
    const [freeLink] = await mailsTo(address, "account.email-confirm");
    expect((await post(server, linkIn(freeLink?.textBody), "", {})).status).toBe(410);
    expect(await emailOf(asker.id)).toBe(asker.email);
    await post(server, "/profile", askerCookie, { intent: "cancel-email" });
  });

  it("limits guesses of the current password per account with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await save({ intent: "email", newEmail: "maya.guess@example.org", currentPassword: `guess-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const attempts: Array<Record<string, string>> = [
      { intent: "email", newEmail: "maya.guess@example.org", currentPassword: member.password },
      {
        intent: "password",
        currentPassword: member.password,
        password: "another-long-secret",
        confirmPassword: "another-long-secret",
      },
      { intent: "delete", currentPassword: member.password, confirm: "on" },
    ];
    for (const fields of attempts) {
      const res = await save(fields);
      expect(res.status, fields.intent).toBe(429);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await res.text()).toContain(
        "Too many attempts with a wrong password. Please wait 15 minutes and try again.",
      );
    }
    expect((await get(server, "/dashboard", cookie)).status).toBe(200);
  });

  it("lists the member's sessions and ends one of theirs, never someone else's", async () => {
    const second = await signIn(server, member.username, member.password);
    const stranger = await createAccount(server);
    const strangerSession = await signIn(server, stranger.username, stranger.password);
    const [theirs] = await server.database.db.select().from(sessions).where(eq(sessions.userId, stranger.id));
    // Accepted as a session id (a 303, not a refusal that ended nothing for another reason), yet not theirs to end.
    expect(theirs).toBeDefined();
    expect((await save({ intent: "end-session", sessionId: theirs?.id ?? "" })).status).toBe(303);
    expect((await get(server, "/dashboard", strangerSession.cookie)).status).toBe(200);

    const mine = await server.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect((await save({ intent: "end-other-sessions" })).status).toBe(303);
    expect((await get(server, "/dashboard", second.cookie)).status).toBe(302);
    expect((await get(server, "/dashboard", cookie)).status).toBe(200);
  });

  it("says so above the page when a post names no form of it (unknown, missing or two intents), changing nothing", async () => {
    const before = await server.database.db.select().from(profiles).where(eq(profiles.userId, member.id));
    const cases: Array<[string, URLSearchParams]> = [
      ["unknown", new URLSearchParams({ intent: "rename-everything", fullName: "Changed" })],
      ["missing", new URLSearchParams({ fullName: "Changed" })],
      [
        "two intents",
        new URLSearchParams([
          ["intent", "basic"],
          ["intent", "delete"],
          ["fullName", "Changed"],
        ]),
      ],
    ];
    for (const [what, body] of cases) {
      const res = await fetch(`${server.url}/profile`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin, cookie },
        body,
        redirect: "manual",
      });
      expect(res.status, what).toBe(400);
      const alert = /<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(await res.text())?.[1] ?? "";
      expect(alert, what).toContain("This form is not on the page any more. Please reload the page and try again.");
    }
    expect(await server.database.db.select().from(profiles).where(eq(profiles.userId, member.id))).toEqual(before);
    // Ending "a" session without saying which is refused with its message, not a 303 that ended nothing.
    const vague = await save({ intent: "end-session" });
    expect(vague.status).toBe(400);
    expect(await vague.text()).toContain("Please choose a session to end.");
  });

  it("exports only the member's own data, decrypted, as a private download", async () => {
    await save({ intent: "medical", ...RECORD, isPrivate: "on" });
    const res = await get(server, "/profile/export", cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="sacred-path-my-data-/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.json();
    expect(body.account.email).toBe(member.email);
    expect(body.medicalRecord.currentMedications).toBe("Sertraline 50mg daily");
    expect(JSON.stringify(body)).not.toContain('Elena Keeper","email');
  });

  it("deletes the account only with the password and the confirmation, removing personal records", async () => {
    const doomed = await createAccount(server, "member", "Doomed Person");
    const session = await signIn(server, doomed.username, doomed.password);
    const del = (fields: Record<string, string>) =>
      post(server, "/profile", session.cookie, { intent: "delete", ...fields });
    const unticked = await del({ currentPassword: doomed.password });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Please tick the box to confirm.");
    expect((await del({ currentPassword: "wrong-password", confirm: "on" })).status).toBe(400);
    await post(server, "/profile", session.cookie, { intent: "medical", ...RECORD, isPrivate: "on" });
    const gone = await del({ currentPassword: doomed.password, confirm: "on" });
    expect(gone.status).toBe(303);
    expect(gone.headers.get("location")).toBe("/sacred-access?done=deleted");
    expect(await (await get(server, "/sacred-access?done=deleted")).text()).toContain("Your account is deleted.");
    for (const table of [users, profiles, medicalRecords, sessions] as const) {
      const column = "userId" in table ? table.userId : users.id;
      expect(await server.database.db.select().from(table).where(eq(column, doomed.id))).toHaveLength(0);
    }
    expect((await get(server, "/dashboard", session.cookie)).status).toBe(302);
  });

  it("stores a save once per one-time key: a resend gets the first answer, not a second write", async () => {
    const key = "6a0d1c2e-3f4b-4a5c-8d9e-0f1a2b3c4d5e";
    const first = await save({
      intent: "clothing",
      shirtSize: "L",
      pantSize: "",
      shoeSize: "",
      specialRequests: "",
      _key: key,
    });
    expect(first.headers.get("location")).toBe("/profile?done=clothing#clothing");
    // Changed meanwhile (another tab), then the old form is sent again with its key: nothing is overwritten.
    await save({ intent: "clothing", shirtSize: "XL", pantSize: "", shoeSize: "", specialRequests: "" });
    const resent = await save({
      intent: "clothing",
      shirtSize: "L",
      pantSize: "",
      shoeSize: "",
      specialRequests: "",
      _key: key,
    });
    expect(resent.status).toBe(303);
    expect(resent.headers.get("location")).toBe("/profile?done=clothing#clothing");
    const [row] = await server.database.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(row?.shirtSize).toBe("XL");

    const emailKey = "7b1e2d3f-4a5b-4c6d-9e0f-1a2b3c4d5e6f";
    const ask = () =>
      save({ intent: "email", newEmail: "maya.once@example.org", currentPassword: member.password, _key: emailKey });
    expect((await ask()).status).toBe(303);
    expect((await ask()).status).toBe(303);
    expect(await mailsTo("maya.once@example.org", "account.email-confirm")).toHaveLength(1);
    await save({ intent: "cancel-email" });
  });
});
