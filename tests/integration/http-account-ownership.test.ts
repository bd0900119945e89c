import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { quizQuestions } from "../../app/content/readiness-quiz";
import { bookableRange } from "../../app/modules/bookings/time";
import {
  accessRequests,
  applications,
  bookings,
  contactMessages,
  gifts,
  mailOutbox,
  newsletterSubscribers,
  quizSubmissions,
  rateLimits,
  users,
} from "../../db/schema";
import { createAccount, get, post, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { readPdf } from "../support/pdf";
import { postForm, startTestServer, type TestServer } from "../support/server";

/*
 * Issue 13, part 1: records belong to accounts, not to typed addresses. A stranger leaves records
 * without an account (application, gift, booking, quiz, access request, contact message,
 * newsletter); a member types the stranger's address as their new email and tries to export,
 * print a statement of, see and delete the stranger's records. Then the stranger's own account,
 * once its address is proven, links them by an explicit step.
 */

const STRANGER = "stranger@example.org";
const SECRET = "Stranger-secret-umbrella";
const GIFT_DOLLARS = "777";
const year = new Date().getUTCFullYear();

describeEachBackend("records belong to accounts, not to typed addresses", (backend) => {
  let server: TestServer;
  let attacker: TestAccount;
  let attackerCookie: string;
  let from = 0;
  /** Each request from its own address, so the per-address limits of the public forms stay out of the way. */
  const anon = (path: string, fields: Record<string, string>, cookie = "") =>
    postForm(server, path, fields, { "X-Forwarded-For": `198.51.100.${++from}`, ...(cookie ? { cookie } : {}) });

  /** Everything the stranger left, read straight from the database. */
  const strangersRecords = async () => {
    const { db } = server.database;
    return {
      applications: await db.select().from(applications).where(eq(applications.email, STRANGER)),
      gifts: await db.select().from(gifts).where(eq(gifts.donorEmail, STRANGER)),
      bookings: await db.select().from(bookings).where(eq(bookings.email, STRANGER)),
      quiz: await db.select().from(quizSubmissions).where(eq(quizSubmissions.email, STRANGER)),
      accessRequests: await db.select().from(accessRequests).where(eq(accessRequests.email, STRANGER)),
      contact: await db.select().from(contactMessages).where(eq(contactMessages.email, STRANGER)),
      newsletter: await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, STRANGER)),
    };
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { PAYMENT_PROVIDER: "test", TRUST_PROXY: "true" });
    // The stranger, never signed in.
    expect(
      (
        await anon("/heroic-application", {
          fullName: "Sam Stranger",
          age: "40",
          city: "Taos",
          phone: "",
          email: STRANGER,
          mentalHealth: `${SECRET}: a history I tell no one.`,
          medications: "Lithium, 600 mg nightly.",
          priorExperience: "Nothing to report here.",
          intentions: "Nothing to report here.",
          emergencyContact: "Jo Stranger",
          emergencyPhone: "+1 505 555 0100",
          agreement: "on",
        })
      ).status,
    ).toBeLessThan(400);
    const started = await anon("/donation", {
      donorName: "Sam Stranger",
      email: STRANGER,
      amount: GIFT_DOLLARS,
      intent: "give",
    });
    const approval = new URL(started.headers.get("location") ?? "", server.url).pathname;
    const decided = await postForm(server, approval, { decision: "approve" });
    const payment = new URL(decided.headers.get("location") ?? "").searchParams.get("payment") ?? "";
    expect((await postForm(server, `/payments/return?payment=${payment}`, { payment })).status).toBe(303);
    const booked = await anon("/bookings", {
      offerId: "preparation",
      day: bookableRange().first,
      time: "10:00",
      fullName: "Sam Stranger",
      email: STRANGER,
      phone: "",
      cardLast4: "4242",
    });
    expect(booked.status).toBe(303);
    const answers = Object.fromEntries(quizQuestions.map((q) => [q.id, q.options[0] ?? ""]));
    expect((await anon("/start-your-journey", { intent: "quiz", email: STRANGER, ...answers })).status).toBe(303);
    expect((await anon("/request-access", { name: "Sam Stranger", email: STRANGER, reason: SECRET })).status).toBe(303);
    expect((await anon("/contact", { name: "Sam Stranger", email: STRANGER, message: SECRET })).status).toBe(303);
    expect((await anon("/newsletter", { email: STRANGER })).status).toBe(303);
    const left = await strangersRecords();
    for (const [kind, rows] of Object.entries(left)) expect(rows, kind).toHaveLength(1);

    attacker = await createAccount(server, "member", "Mal Attacker");
    ({ cookie: attackerCookie } = await signIn(server, attacker.username, attacker.password));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  it("finds none of the stranger's records for a member who typed the stranger's address, and deletes none", async () => {
    const before = await strangersRecords();
    const typed = await post(server, "/profile", attackerCookie, {
      intent: "email",
      newEmail: STRANGER,
      currentPassword: attacker.password,
    });
    expect(typed.status).toBe(303);
    // The address is only claimed: the account keeps its own until the stranger follows a link.
    const [account] = await server.database.db.select().from(users).where(eq(users.id, attacker.id));
    expect(account?.email).toBe(attacker.email);

    const exported = await get(server, "/profile/export", attackerCookie);
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("Lithium");
    expect(text).not.toContain("Sam Stranger");
    expect(text).not.toContain("Jo Stranger");
    const data = JSON.parse(text);
    for (const section of [
      "ceremonyApplications",
      "gifts",
      "accessRequests",
      "contactMessages",
      "newsletter",
      "readinessQuiz",
    ]) {
      expect(data[section], section).toEqual([]);
    }

    // No statement: the stranger's gift is not the attacker's.
    const statement = await get(server, `/profile/giving-statement/${year}`, attackerCookie);
    expect(statement.status).toBe(404);
    expect(await statement.text()).not.toContain(GIFT_DOLLARS);
    const profile = await (await get(server, "/profile", attackerCookie)).text();
    expect(profile).not.toContain("Found With Your Address");
    expect(profile).not.toContain(`$${GIFT_DOLLARS}`);
    const calendar = await (await get(server, "/calendar", attackerCookie)).text();
    expect(calendar).toContain("No sessions booked yet.");
    const dashboard = await (await get(server, "/dashboard", attackerCookie)).text();
    expect(dashboard).not.toContain("Your ceremony application");
    expect(dashboard).not.toContain("We found things sent from your address");

    // Linking with made-up keys of the stranger's real records links nothing.
    const keys = [
      `application:${before.applications[0]?.id}`,
      `gift:${before.gifts[0]?.id}`,
      `booking:${before.bookings[0]?.id}`,
      `quiz:${before.quiz[0]?.id}`,
      `access-request:${before.accessRequests[0]?.id}`,
      `contact:${before.contact[0]?.id}`,
      `newsletter:${before.newsletter[0]?.id}`,
    ];
    const forged = await post(server, "/profile", attackerCookie, { intent: "link-records", records: keys.join(",") });
    expect(forged.headers.get("location")).toBe("/profile?done=linked-none#link-records");

    const deleted = await post(server, "/profile", attackerCookie, {
      intent: "delete",
      currentPassword: attacker.password,
      confirm: "on",
    });
    expect(deleted.status).toBe(303);
    expect(await server.database.db.select().from(users).where(eq(users.id, attacker.id))).toHaveLength(0);
    expect(await strangersRecords()).toEqual(before);
  });

  it("lets the stranger's own account, once its address is proven, see and link those records", async () => {
    const owner = await createAccount(server, "member", "Sam Stranger");
    await server.database.db.update(users).set({ email: STRANGER, emailVerified: false }).where(eq(users.id, owner.id));
    const { cookie } = await signIn(server, owner.username, owner.password);
    // Not proven yet: nothing is offered; the profile offers to prove it.
    const unproven = await (await get(server, "/profile", cookie)).text();
    expect(unproven).not.toContain("Found With Your Address");
    expect(unproven).toContain("is not confirmed yet");
    const asked = await post(server, "/profile", cookie, { intent: "confirm-email" });
    expect(asked.headers.get("location")).toBe("/profile?done=email-sent#security");
    // The newest: the attacker's own request sent one here too (its link died with their account).
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, STRANGER), eq(mailOutbox.kind, "account.email-confirm")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const link = new URL(mail?.textBody.match(/https?:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]+/)?.[0] ?? "").pathname;
    expect(await (await get(server, "/dashboard", cookie)).text()).not.toContain(
      "We found things sent from your address",
    );
    const confirmed = await postForm(server, link, {});
    // Without JavaScript: a redirect to a page that says so (the address stays out of the URL).
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`${link}?done=confirmed`);
    expect(await (await get(server, `${link}?done=confirmed`)).text()).toContain("Your address is confirmed as yours.");
    const [proven] = await server.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(proven).toMatchObject({ email: STRANGER, emailVerified: true });

    const dashboard = await (await get(server, "/dashboard", cookie)).text();
    expect(dashboard).toContain("We found things sent from your address");
    const profile = await (await get(server, "/profile", cookie)).text();
    expect(profile).toContain("Found With Your Address");
    for (const label of [
      "Ceremony application (new)",
      `Offering of $${GIFT_DOLLARS}.00`,
      "Preparation Session (confirmed)",
      "Readiness quiz answers",
      "Request for access (new)",
      "Message sent through the contact form",
      "Newsletter subscription (pending)",
    ]) {
      expect(profile, label).toContain(label);
    }
    const records = profile.match(/name="records" value="([^"]*)"/)?.[1] ?? "";
    expect(records.split(",")).toHaveLength(7);
    const linked = await post(server, "/profile", cookie, { intent: "link-records", records });
    expect(linked.headers.get("location")).toBe("/profile?done=linked#link-records");
    for (const [kind, rows] of Object.entries(await strangersRecords())) {
      expect(rows[0]?.userId, kind).toBe(owner.id);
    }

    const data = await (await get(server, "/profile/export", cookie)).json();
    expect(JSON.stringify(data.ceremonyApplications)).toContain(SECRET);
    expect(data.gifts).toHaveLength(1);
    expect(data.readinessQuiz).toHaveLength(1);
    const statement = await get(server, `/profile/giving-statement/${year}`, cookie);
    expect(statement.status).toBe(200);
    expect((await readPdf(new Uint8Array(await statement.arrayBuffer()))).text).toContain(`$${GIFT_DOLLARS}.00`);
    expect(await (await get(server, "/calendar", cookie)).text()).toContain("Preparation Session");
    expect(await (await get(server, "/profile", cookie)).text()).not.toContain("Found With Your Address");
  });

  it("gives records made while signed in to the account, whatever address was typed", async () => {
    const member = await createAccount(server, "member", "Ines Member");
    const { cookie } = await signIn(server, member.username, member.password);
    const typed = "someone-else@example.org";
    await anon("/contact", { name: "Ines Member", email: typed, message: "Written while signed in." }, cookie);
    const answers = Object.fromEntries(quizQuestions.map((q) => [q.id, q.options[1] ?? ""]));
    await anon("/start-your-journey", { intent: "quiz", email: typed, ...answers }, cookie);
    // A subscription belongs to its address: signed in with another address makes it no record of the member's.
    await anon("/newsletter", { email: typed }, cookie);
    await anon("/newsletter", { email: member.email }, cookie);
    const { db } = server.database;
    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.email, typed));
    const [quiz] = await db.select().from(quizSubmissions).where(eq(quizSubmissions.email, typed));
    const [theirs] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, typed));
    const [own] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, member.email));
    expect(message?.userId).toBe(member.id);
    expect(quiz?.userId).toBe(member.id);
    expect(theirs?.userId).toBeNull();
    expect(own?.userId).toBe(member.id);
    const data = await (await get(server, "/profile/export", cookie)).json();
    expect(data.contactMessages).toHaveLength(1);
    expect(data.readinessQuiz).toHaveLength(1);
    expect(data.newsletter.map((n: { email: string }) => n.email)).toEqual([member.email]);
  });
});
