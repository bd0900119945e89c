import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { quizQuestions } from "../../app/content/readiness-quiz";
import { applicationEvents, applications, auditLog, mailOutbox, quizSubmissions, rateLimits } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("the ceremony application over HTTP", (backend) => {
  let server: TestServer;
  let keeper: TestAccount;
  let keeperCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
    await server.database.db.delete(applications);
    await server.database.db.delete(mailOutbox);
  });

  const valid = {
    fullName: "Mara O'Neil-Smith",
    age: "34",
    city: "St. Louis",
    phone: "+1 (314) 555-0199",
    email: "Mara@Example.org",
    mentalHealth: "Treated for depression in 2019; my aunt lives with bipolar disorder.",
    medications: "Sertraline 50 mg each morning, tapering with my doctor.",
    priorExperience: "Vipassana retreats and one guided breathwork weekend.",
    intentions: "Umbrella-violet-secret: to grieve my father and come home to myself.",
    emergencyContact: "Jonas Smith",
    emergencyPhone: "+1 314 555 0100",
    agreement: "on",
  };
  const apply = (fields: Record<string, string>, cookie = "") =>
    postForm(server, "/heroic-application", fields, cookie ? { cookie } : {});
  const onlyRow = async () => {
    const rows = await server.database.db.select().from(applications);
    expect(rows).toHaveLength(1);
    return rows[0] as (typeof rows)[number];
  };

  it("stores the application with its screening flags, acknowledges it and tells the keepers", async () => {
    const res = await apply(valid);
    // Without JavaScript: redirect after post, to a page that says it arrived and leads on.
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/heroic-application?done=submitted");
    const landed = await (await fetch(`${server.url}/heroic-application?done=submitted`)).text();
    expect(landed).toContain("Application submitted");
    expect(landed).toContain("Your sacred application has been received securely.");
    expect(landed).toContain('href="/donation-checkout"');
    const row = await onlyRow();
    expect(row).toMatchObject({ fullName: valid.fullName, email: "mara@example.org", age: 34, status: "new" });
    expect(row.flagCount).toBe(2); // SSRI, bipolar in the family
    const mails = await server.database.db.select().from(mailOutbox);
    const ack = mails.find((m) => m.kind === "application.acknowledge");
    expect(ack?.toAddress).toBe("mara@example.org");
    expect(ack?.textBody).toContain("within 48 hours");
    const staff = mails.find((m) => m.kind === "application.notify");
    expect(staff?.toAddress).toBe("keepers@example.org");
    expect(staff?.textBody).toContain("2 answers need a keeper's attention");
    // Email is not encrypted: no health detail and no flag reason travels in it.
    for (const mail of mails) {
      expect(mail.textBody).not.toMatch(/sertraline|bipolar|Umbrella-violet/i);
    }
  });

  it("keeps the health answers and flags unreadable in a database dump", async () => {
    await apply(valid);
    // Every column of every row, as a database dump would hold them.
    const rows = await server.database.db
      .select({ row: sql<string>`row_to_json(applications)::text` })
      .from(applications);
    const text = JSON.stringify(rows);
    for (const secret of ["Umbrella-violet-secret", "Sertraline", "bipolar", "Vipassana", "ssri"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("Mara O'Neil-Smith"); // contact details stay searchable for staff
  });

  it("checks every field with the spec's messages and stores nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ fullName: "" }, "Name is required"],
      [{ fullName: "a".repeat(101) }, "Name must be less than 100 characters"],
      [{ fullName: "<script>alert(1)</script>" }, "Name contains invalid characters"],
      [{ age: "20" }, "Must be at least 21 years old"],
      [{ age: "121" }, "Please enter a valid age"],
      [{ age: "thirty" }, "Please enter a valid age"],
      [{ age: "" }, "Please enter a valid age"],
      [{ city: "" }, "City is required"],
      [{ city: "c".repeat(101) }, "City name must be less than 100 characters"],
      [{ city: "Paris 75" }, "City name contains invalid characters"],
      [{ phone: "0123" }, "Please enter a valid phone number"],
      [{ phone: "+1 555 abc" }, "Please enter a valid phone number"],
      [{ email: "mara@example" }, "Please enter a valid email address"],
      [{ mentalHealth: "short" }, "Please provide at least 10 characters"],
      [{ medications: "          x" }, "Please provide at least 10 characters"],
      // The hint's "none" is the one short answer; a blank or a bare "no" says nothing.
      [{ medications: "" }, "Please provide at least 10 characters"],
      [{ medications: "no" }, "Please provide at least 10 characters"],
      [{ medications: "none, but" }, "Please provide at least 10 characters"],
      [{ priorExperience: "p".repeat(2001) }, "Text must be less than 2000 characters"],
      [{ intentions: "" }, "Please provide at least 10 characters"],
      [{ emergencyContact: "" }, "Name is required"],
      [{ emergencyPhone: "" }, "Please enter a valid phone number"],
      [{ agreement: "" }, "Please read and agree to the sacred agreement."],
    ];
    for (const [change, message] of cases) {
      await server.database.db.delete(rateLimits);
      const res = await apply({ ...valid, ...change });
      expect(res.status, message).toBe(400);
      expect(await res.text(), message).toContain(message);
    }
    const { agreement: _, ...withoutAgreement } = valid;
    expect((await apply(withoutAgreement)).status).toBe(400);
    expect(await server.database.db.select().from(applications)).toHaveLength(0);
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("accepts an application without the optional phone", async () => {
    expect((await apply({ ...valid, phone: "" })).status).toBe(303);
    expect((await onlyRow()).phone).toBe("");
  });

  it('accepts "none" for medications, as the field\'s hint asks', async () => {
    const page = await (await fetch(`${server.url}/heroic-application`)).text();
    expect(page).toContain("If there are none, write “none”.");
    for (const none of ["none", " None ", "NONE."]) {
      await server.database.db.delete(rateLimits);
      expect((await apply({ ...valid, medications: none })).status, none).toBe(303);
    }
    expect(await server.database.db.select().from(applications)).toHaveLength(3);
  });

  it("keeps every answer after an error, and stores an application once per one-time key", async () => {
    const bad = await apply({ ...valid, email: "mara at example" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain('value="mara at example"');
    expect(html).toContain('value="Jonas Smith"');
    expect(html).toContain("Sertraline 50 mg each morning, tapering with my doctor.</textarea>");
    expect(html).toMatch(/<input[^>]*name="agreement"[^>]*checked=""|<input[^>]*checked=""[^>]*name="agreement"/);

    const key = "5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c";
    const sends = [await apply({ ...valid, _key: key }), await apply({ ...valid, _key: key })];
    expect(sends.map((r) => r.headers.get("location"))).toEqual([
      "/heroic-application?done=submitted",
      "/heroic-application?done=submitted",
    ]);
    await onlyRow();
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(2);
  });

  it("limits applications per connection", async () => {
    for (let i = 0; i < 5; i++) expect((await apply(valid)).status).toBe(303);
    const res = await apply(valid);
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("Please wait before submitting again.");
  });

  it("refuses an application posted from another site", async () => {
    const res = await postForm(server, "/heroic-application", valid, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await server.database.db.select().from(applications)).toHaveLength(0);
  });

  it("shows a signed-in applicant the status on the dashboard, never the flags", async () => {
    const member = await createAccount(server, "member", "Mara Member");
    const { cookie } = await signIn(server, member.username, member.password);
    expect(await (await get(server, "/dashboard", cookie)).text()).not.toContain("Your ceremony application");
    await apply({ ...valid, email: "someone-else@example.org" }, cookie);
    const row = await onlyRow();
    expect(row.userId).toBe(member.id);
    const dashboard = await (await get(server, "/dashboard", cookie)).text();
    expect(dashboard).toContain("Your ceremony application: received");
    expect(dashboard).not.toMatch(/bipolar|SSRI|flag/i);
    const exported = await (await get(server, "/profile/export", cookie)).json();
    expect(exported.ceremonyApplications).toEqual([
      expect.objectContaining({ intentions: valid.intentions, status: "new" }),
    ]);
    expect(JSON.stringify(exported.ceremonyApplications)).not.toMatch(/flag|reason/i);
  });

  it("is reviewed in the console: audited reads, staff notes, decisions that email the applicant", async () => {
    await apply(valid);
    const row = await onlyRow();
    const list = await (await get(server, "/console/applications?status=new", keeperCookie)).text();
    expect(list).toContain("Mara O&#x27;Neil-Smith");
    expect(list).toContain("2 flags");
    expect(list).not.toContain("Sertraline");

    const detail = await (await get(server, `/console/applications/${row.id}`, keeperCookie)).text();
    expect(detail).toContain("Sertraline 50 mg");
    expect(detail).toContain("Mentions an SSRI or SNRI");
    expect(detail).toContain("Mentions psychosis, schizophrenia or bipolar disorder");
    const reads = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "application.read"));
    expect(reads.at(-1)).toMatchObject({ actorId: keeper.id, detail: { applicationId: row.id } });

    const empty = await post(server, `/console/applications/${row.id}`, keeperCookie, { intent: "note", text: " " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write a note first.");
    const long = `Too long: ${"y".repeat(2000)}`;
    const tooLong = await post(server, `/console/applications/${row.id}`, keeperCookie, {
      decision: "approved",
      text: long,
    });
    expect(tooLong.status).toBe(400);
    const tooLongHtml = await tooLong.text();
    expect(tooLongHtml).toContain("Please keep it under 2000 characters.");
    expect(tooLongHtml).toContain(`${long}</textarea>`);
    // The same note posted twice with its one-time key: one note.
    const noteFields = {
      intent: "note",
      text: "Call her about the sertraline taper first.",
      _key: "note-key-0123456789abcdef",
    };
    const noted = await post(server, `/console/applications/${row.id}`, keeperCookie, noteFields);
    expect((await post(server, `/console/applications/${row.id}`, keeperCookie, noteFields)).status).toBe(303);
    // Without JavaScript: redirect after post, to the application saying what was done.
    expect(noted.status).toBe(303);
    expect(noted.headers.get("location")).toBe(`/console/applications/${row.id}?done=note`);
    const decided = await post(server, `/console/applications/${row.id}`, keeperCookie, {
      decision: "waitlisted",
      text: "We will write when dates open.",
    });
    expect(decided.status).toBe(303);
    const landed = await get(server, decided.headers.get("location") ?? "", keeperCookie);
    expect(await landed.text()).toContain("Application waitlisted");
    expect((await onlyRow()).status).toBe("waitlisted");
    const again = await post(server, `/console/applications/${row.id}`, keeperCookie, { decision: "waitlisted" });
    expect(again.status).toBe(409);

    const events = await server.database.db.select().from(applicationEvents);
    expect(events.map((e) => [e.kind, e.status, e.staffName])).toEqual([
      ["note", null, "Elena Keeper"],
      ["decision", "waitlisted", "Elena Keeper"],
    ]);
    expect(JSON.stringify(events)).not.toContain("sertraline"); // notes are sealed too
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "application.waitlisted"));
    expect(mail?.toAddress).toBe("mara@example.org");
    expect(mail?.textBody).toContain("We will write when dates open.");
    expect(mail?.textBody).not.toContain("sertraline taper"); // the note stays with the keepers

    const after = await (await get(server, `/console/applications/${row.id}`, keeperCookie)).text();
    expect(after).toContain("Call her about the sertraline taper first.");
    const decisions = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "application.decided"));
    expect(decisions).toHaveLength(1);
  });

  it("lists quiz submissions for keepers, filtered, and exports them as CSV with formulas defused", async () => {
    await server.database.db.delete(quizSubmissions);
    const answers = Object.fromEntries(quizQuestions.map((q) => [q.id, q.options[0]]));
    await server.database.db.insert(quizSubmissions).values([
      { email: "=cmd|calc@example.org", answers, recommendation: "preparation" },
      { email: "calm@example.org", answers: { ...answers, q3: "In crisis" }, recommendation: "care-first" },
    ]);
    const page = await (await get(server, "/console/quiz?recommendation=care-first", keeperCookie)).text();
    expect(page).toContain("calm@example.org");
    expect(page).not.toContain("=cmd|calc@example.org");
    const csv = await get(server, "/console/quiz.csv", keeperCookie);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "submitted,email,recommendation,motivation,experience,present state,support,readiness,practice,transformation",
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(",'=cmd|calc@example.org,"))).toBe(true);
    const filtered = await (await get(server, "/console/quiz.csv?email=calm", keeperCookie)).text();
    expect(filtered.trim().split("\r\n")).toHaveLength(2);
    const exports = await server.database.db.select().from(auditLog).where(eq(auditLog.action, "quiz.exported"));
    expect(exports.at(-1)?.actorId).toBe(keeper.id);
  });

  it("keeps applications from visitors and members", async () => {
    await apply(valid);
    const row = await onlyRow();
    expect((await get(server, `/console/applications/${row.id}`)).status).toBe(302);
    const member = await createAccount(server);
    const { cookie } = await signIn(server, member.username, member.password);
    for (const path of [
      "/console/applications",
      `/console/applications/${row.id}`,
      "/console/quiz",
      "/console/quiz.csv",
    ]) {
      expect((await get(server, path, cookie)).status, path).toBe(403);
    }
    const forged = await post(server, `/console/applications/${row.id}`, cookie, { decision: "approved" });
    expect(forged.status).toBe(403);
    expect((await onlyRow()).status).toBe("new");
  });
});
