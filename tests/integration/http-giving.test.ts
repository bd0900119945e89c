import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import {
  auditLog,
  gifts,
  mailOutbox,
  paymentEvents,
  payments,
  rateLimits,
  testProviderOrders,
  users,
} from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { type PaypalStandIn, signedWebhook, startServerWithPaypal } from "../support/paypal-stand-in";
import { readPdf } from "../support/pdf";
import { postForm, startTestServer, type TestServer } from "../support/server";

const donor = { donorName: "Ana Ruiz", email: "Ana@Example.org" };

/** Follows a 302 and returns the path and query it leads to. */
const location = (res: Response) => {
  const to = res.headers.get("location") ?? "";
  const url = new URL(to, "http://x");
  return { path: url.pathname, search: url.search, href: to };
};

describeEachBackend("giving with the test provider over HTTP", (backend) => {
  let server: TestServer;
  let admin: TestAccount;
  let adminCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { PAYMENT_PROVIDER: "test" });
    admin = await createAccount(server, "admin", "Adrian Steward");
    ({ cookie: adminCookie } = await signInStaff(server, admin));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    const { db } = server.database;
    await db.delete(rateLimits);
    await db.delete(gifts);
    await db.delete(payments);
    await db.delete(testProviderOrders);
    await db.delete(mailOutbox);
  });

  /** /donation -> the test approval page -> decision -> the return page's POST. */
  async function give(amount: string, decision: "approve" | "decline" | "cancel") {
    const started = await postForm(server, "/donation", { ...donor, amount, intent: "give" });
    expect(started.status).toBe(303);
    const approval = location(started);
    expect(approval.path).toMatch(/^\/payments\/test\/TEST-/);
    const page = await (await fetch(`${server.url}${approval.path}`)).text();
    expect(page).toContain("Test mode");
    const decided = await postForm(server, approval.path, { decision });
    const back = new URL(decided.headers.get("location") ?? "");
    expect(back.pathname).toBe("/payments/return");
    const payment = back.searchParams.get("payment") ?? "";
    const fields: Record<string, string> = { payment };
    if (back.searchParams.has("cancelled")) fields.cancelled = "1";
    return { payment, res: await postForm(server, `/payments/return?payment=${payment}`, fields) };
  }

  it("takes an offering: approval, capture on the server, a gift with its receipt", async () => {
    const { payment, res } = await give("150", "approve");
    // Without JavaScript the return leads on (303) to the page that says it worked.
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thank-you-sacred-offering");
    const [gift] = await server.database.db.select().from(gifts);
    expect(gift).toMatchObject({
      kind: "offering",
      amountCents: 15000,
      donorEmail: "ana@example.org",
      paymentId: payment,
    });
    const [row] = await server.database.db.select().from(payments);
    expect(row).toMatchObject({ status: "captured", description: "Offering to the church - $150", provider: "test" });
    const [receipt] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift.receipt"));
    expect(receipt?.toAddress).toBe("ana@example.org");
    expect(receipt?.textBody).toContain("$150.00");
    expect(receipt?.textBody).toContain("No goods or services were provided in exchange for this contribution.");
    expect(receipt?.textBody).toContain("Sacred Path Congregation");
    // The return is posted again (a reload, a second tab): still one gift, one receipt.
    await postForm(server, `/payments/return?payment=${payment}`, { payment });
    expect(await server.database.db.select().from(gifts)).toHaveLength(1);
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift.receipt"))).toHaveLength(
      1,
    );
  });

  it("records nothing given when the payment is declined or cancelled", async () => {
    const declined = await give("44", "decline");
    expect(declined.res.headers.get("location")).toBe("/donation?payment=error");
    const cancelled = await give("44", "cancel");
    expect(cancelled.res.headers.get("location")).toBe("/donation?payment=cancelled");
    const rows = await server.database.db.select({ status: payments.status }).from(payments);
    expect(rows.map((r) => r.status).sort()).toEqual(["cancelled", "declined"]);
    expect(await server.database.db.select().from(gifts)).toHaveLength(0);
    expect(await (await fetch(`${server.url}/donation?payment=cancelled`)).text()).toContain(
      "Your donation was cancelled.",
    );
  });

  it("refuses amounts under $20, fractions and missing donors, keeping what was typed, creating no payment", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...donor, amount: "19" }, "Minimum donation is $20"],
      [{ ...donor, tier: "108", amount: "5" }, "Minimum donation is $20"],
      [{ ...donor, amount: "20.50" }, "Please enter a whole-dollar amount, like 25."],
      [{ ...donor, amount: "12.5" }, "Please enter a whole-dollar amount, like 25."],
      [{ ...donor, amount: "-100" }, "Please enter a whole-dollar amount, like 25."],
      [{ ...donor, amount: "" }, "Minimum donation is $20"],
      [{ ...donor, tier: "1", amount: "" }, "Minimum donation is $20"],
      [{ ...donor, amount: "100001" }, "For gifts above $100,000, please write to us."],
      [{ ...donor, donorName: "", amount: "50" }, "Name is required"],
      [{ ...donor, email: "ana@", amount: "50" }, "Please enter a valid email address"],
    ];
    for (const [fields, message] of cases) {
      const res = await postForm(server, "/donation", { ...fields, intent: "give" });
      expect(res.status, message).toBe(400);
      const page = await res.text();
      expect(page, message).toContain(message);
      // What was typed comes back in the field.
      if (fields.amount) expect(page, message).toContain(`value="${fields.amount}"`);
    }
    expect(await server.database.db.select().from(payments)).toHaveLength(0);
  });

  it("reads the amount as whole dollars: 25.00 is $25, a typed amount wins over the tier, a tier alone counts", async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ amount: "25.00" }, 2500],
      [{ amount: "$25" }, 2500],
      [{ tier: "108", amount: "50" }, 5000],
      [{ tier: "333", amount: "" }, 33300],
      [{ tier: "777" }, 77700],
    ];
    for (const [fields, cents] of cases) {
      await server.database.db.delete(payments);
      const res = await postForm(server, "/donation", { ...donor, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(303);
      expect(res.headers.get("location")).toMatch(/\/payments\/test\/TEST-/);
      const [row] = await server.database.db.select().from(payments);
      expect(row?.amountCents, JSON.stringify(fields)).toBe(cents);
      const approval = await (await fetch(`${server.url}${location(res).path}`)).text();
      expect(approval).toContain(`$${(cents / 100).toFixed(2)}`);
    }
  });

  it("records one payment and one order when the same offering is sent twice (double click, resend)", async () => {
    const fields = { ...donor, tier: "108", _key: "donation-key-0000000001" };
    const [a, b] = await Promise.all([postForm(server, "/donation", fields), postForm(server, "/donation", fields)]);
    const c = await postForm(server, "/donation", fields);
    expect([a.status, b.status, c.status]).toEqual([303, 303, 303]);
    expect(new Set([a, b, c].map((r) => r.headers.get("location"))).size).toBe(1);
    expect(await server.database.db.select().from(payments)).toHaveLength(1);
    expect(await server.database.db.select().from(testProviderOrders)).toHaveLength(1);
    // A new key is a new offering.
    await postForm(server, "/donation", { ...fields, _key: "donation-key-0000000002" });
    expect(await server.database.db.select().from(payments)).toHaveLength(2);
  });

  it("takes a ceremony donation with test card fields: last four only, at least $5,500", async () => {
    const base = { email: "ana@example.org", amount: "6800", donorName: "ANA RUIZ" };
    const low = await postForm(server, "/donation-checkout", { ...base, amount: "5499", cardLast4: "4242" });
    expect(low.status).toBe(400);
    expect(await low.text()).toContain("The minimum ceremony donation is $5,500.");
    // No card (a browser without JavaScript): the test provider's approval page takes the payment.
    const noCard = await postForm(server, "/donation-checkout", { ...base, _key: "checkout-key-nocard-00001" });
    expect(noCard.status).toBe(303);
    expect(location(noCard).path).toMatch(/^\/payments\/test\/TEST-/);
    const declined = await postForm(server, "/donation-checkout", { ...base, cardLast4: "0002" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("There was an issue processing your donation. Please try again.");
    expect(await server.database.db.select().from(gifts)).toHaveLength(0);
    const key = { _key: "checkout-key-000000000001" };
    const paid = await postForm(server, "/donation-checkout", { ...base, cardLast4: "4242", ...key });
    expect(paid.status).toBe(303);
    expect(location(paid).path).toBe("/donation-success");
    expect(await (await fetch(`${server.url}/donation-success`)).text()).toContain("Thank");
    // Sent again with the same key (a lost answer, a double click): the same answer, one gift.
    const again = await postForm(server, "/donation-checkout", { ...base, cardLast4: "4242", ...key });
    expect(location(again).path).toBe("/donation-success");
    expect(await server.database.db.select().from(gifts)).toHaveLength(1);
    const [gift] = await server.database.db.select().from(gifts);
    expect(gift).toMatchObject({ kind: "ceremony", amountCents: 680000 });
    const stored = await server.database.db.select({ row: sql<string>`row_to_json(payments)::text` }).from(payments);
    expect(stored.map((r) => r.row).join()).toContain('"card_last4":"4242"');
  });

  it("lists gifts with totals for staff, exports CSV, and lets an admin record a refund", async () => {
    await give("108", "approve");
    await give("333", "approve");
    const page = await (await get(server, "/console/giving", adminCookie)).text();
    expect(page).toContain("$441.00");
    const csv = await (await get(server, "/console/giving.csv", adminCookie)).text();
    expect(csv.trim().split("\r\n")).toHaveLength(3);
    const [first] = await server.database.db.select().from(gifts).orderBy(gifts.id);
    const refunded = await post(server, "/console/giving", adminCookie, {
      intent: "refund",
      refund: String(first?.id),
    });
    expect(refunded.status).toBe(303);
    expect(refunded.headers.get("location")).toBe("/console/giving?done=refunded");
    expect(await (await get(server, "/console/giving?done=refunded", adminCookie)).text()).toContain("Gift refunded");
    const [after] = await server.database.db
      .select()
      .from(gifts)
      .where(eq(gifts.id, first?.id ?? 0));
    expect(after?.refundedAt).not.toBeNull();
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, first?.paymentId ?? ""));
    expect(payment).toMatchObject({ status: "refunded", refundedByName: "Adrian Steward" });
    // Refunding is naturally idempotent: a repeat (a lost answer, a double click) gets the same
    // answer and refunds nothing more (one audit entry, one email).
    expect(
      (await post(server, "/console/giving", adminCookie, { intent: "refund", refund: String(first?.id) })).status,
    ).toBe(303);
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.action, "gift.refunded"))).toHaveLength(
      1,
    );
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift.refunded"))).toHaveLength(
      1,
    );
    const [second] = await server.database.db.select().from(gifts).orderBy(desc(gifts.id));
    await server.database.db
      .update(payments)
      .set({ status: "declined" })
      .where(eq(payments.id, second?.paymentId ?? ""));
    const refused = await post(server, "/console/giving", adminCookie, {
      intent: "refund",
      refund: String(second?.id),
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This gift cannot be refunded.");
    const keeper = await createAccount(server, "keeper");
    const { cookie } = await signInStaff(server, keeper);
    expect(
      (await post(server, "/console/giving", cookie, { intent: "refund", refund: String(first?.id) })).status,
    ).toBe(403);
  });

  it("records gifts given in person (admins, audited), in the totals, the CSV and at once the donor's statement", async () => {
    const member = await createAccount(server, "member", "Józef Kowalski");
    await server.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
    const today = new Date().toISOString().slice(0, 10);
    const cheque = {
      intent: "record",
      donorName: "Józef Kowalski",
      email: member.email,
      amount: "40",
      givenOn: today,
      method: "cheque",
      chequeNumber: "1042",
      sendReceipt: "on",
    };
    for (const [fields, message] of [
      [{ chequeNumber: "" }, "Please give the cheque number."],
      [{ givenOn: "2999-01-01" }, "Please give the date it was given (not in the future)."],
      [{ amount: "12.5" }, "Please enter a whole-dollar amount, like 25."],
      [{ amount: "0" }, "Please enter an amount of at least $1."],
      [{ method: "card" }, "Please choose cash or cheque."],
    ] as const) {
      const refused = await post(server, "/console/giving", adminCookie, { ...cheque, ...fields });
      expect(refused.status, message).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect(await server.database.db.select().from(gifts)).toEqual([]);

    const key = { _key: "in-person-gift-key-000001" };
    const recorded = await post(server, "/console/giving", adminCookie, { ...cheque, ...key });
    expect(recorded.headers.get("location")).toBe("/console/giving?done=recorded");
    expect((await post(server, "/console/giving", adminCookie, { ...cheque, ...key })).status).toBe(303);
    await post(server, "/console/giving", adminCookie, {
      ...cheque,
      amount: "15",
      method: "cash",
      chequeNumber: "",
      sendReceipt: "",
    });
    const rows = await server.database.db.select().from(gifts).orderBy(gifts.id);
    // Recorded for the member's confirmed address: theirs at once (by account id), nothing to link.
    expect(rows.map((g) => [g.method, g.amountCents, g.chequeNumber, g.paymentId, g.userId])).toEqual([
      ["cheque", 4000, "1042", null, member.id],
      ["cash", 1500, null, null, member.id],
    ]);
    expect(rows[0]?.recordedByName).toBe("Adrian Steward");
    const receipts = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift.receipt"));
    expect(receipts).toHaveLength(1); // asked for once: the cash gift's donor did not ask
    expect(receipts[0]?.textBody).toContain("of $40.00 by cheque on");
    expect(receipts[0]?.textBody).toContain("Payment reference: Cheque no. 1042");
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.action, "gift.recorded"))).toHaveLength(
      2,
    );
    const page = await (await get(server, "/console/giving", adminCookie)).text();
    expect(page).toContain("$55.00");
    expect(page).toContain("Cheque no. 1042");
    const csv = await (await get(server, "/console/giving.csv", adminCookie)).text();
    expect(csv).toContain(",cheque,1042");
    expect(csv).toContain(",cash,");
    // A keeper may read the list but not record one.
    const keeper = await createAccount(server, "keeper");
    const { cookie } = await signInStaff(server, keeper);
    expect((await post(server, "/console/giving", cookie, cheque)).status).toBe(403);

    // The donor has them on their profile and statement, each with how it was given; nothing waits
    // to be linked, and another member sees neither.
    const { cookie: memberCookie } = await signIn(server, member.username, member.password);
    const profile = await (await get(server, "/profile", memberCookie)).text();
    expect(profile).not.toContain('name="records"');
    expect(profile).toContain("Cheque no. 1042");
    expect(profile).toContain("Cash");
    const statement = await get(server, `/profile/giving-statement/${today.slice(0, 4)}`, memberCookie);
    const { text } = await readPdf(new Uint8Array(await statement.arrayBuffer()));
    expect(text).toContain("Offering, Cheque no. 1042 $40.00");
    expect(text).toContain("Offering, Cash $15.00");
    expect(text).toContain("Total (2 gifts)");
    const stranger = await createAccount(server);
    const { cookie: strangerCookie } = await signIn(server, stranger.username, stranger.password);
    expect((await get(server, "/profile", strangerCookie)).status).toBe(200);
    expect(await (await get(server, "/profile", strangerCookie)).text()).not.toContain("Cheque no. 1042");
    expect((await get(server, `/profile/giving-statement/${today.slice(0, 4)}`, strangerCookie)).status).toBe(404);

    // The cash handed back: marked so (no provider to ask), the donor told, and out of the statement.
    const cash = rows[1];
    expect(
      (await post(server, "/console/giving", adminCookie, { intent: "refund", refund: String(cash?.id) })).status,
    ).toBe(303);
    const [back] = await server.database.db
      .select()
      .from(gifts)
      .where(eq(gifts.id, cash?.id ?? 0));
    expect(back?.refundedAt).toBeInstanceOf(Date);
    const [told] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift.refunded"));
    expect(told?.textBody).toContain("was given back to you");
    expect(await (await get(server, "/console/giving", adminCookie)).text()).toContain("given back");
    const after = await get(server, `/profile/giving-statement/${today.slice(0, 4)}`, memberCookie);
    expect((await readPdf(new Uint8Array(await after.arrayBuffer()))).text).toContain("Total (1 gift)");
  });

  it("links a gift given in person to no one when the address is not proven by an account", async () => {
    const unproven = await createAccount(server, "member", "Nadia Unproven");
    await server.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unproven.id));
    const today = new Date().toISOString().slice(0, 10);
    const sent = await post(server, "/console/giving", adminCookie, {
      intent: "record",
      donorName: "Nadia Unproven",
      email: unproven.email,
      amount: "25",
      givenOn: today,
      method: "cash",
      chequeNumber: "",
      sendReceipt: "",
    });
    expect(sent.status).toBe(303);
    const [gift] = await server.database.db.select().from(gifts).where(eq(gifts.donorEmail, unproven.email));
    expect(gift?.userId).toBeNull();
    const { cookie } = await signIn(server, unproven.username, unproven.password);
    expect((await get(server, `/profile/giving-statement/${today.slice(0, 4)}`, cookie)).status).toBe(404);
  });

  it("refunds a gift in one unit with its record: a refund that cannot be recorded changes nothing (issue 28)", async () => {
    await give("108", "approve");
    const [gift] = await server.database.db.select().from(gifts);
    const { db } = server.database;
    const audits = async () => (await db.select().from(auditLog).where(eq(auditLog.action, "gift.refunded"))).length;
    const before = await audits();
    const state = async () => ({
      gift:
        (
          await db
            .select()
            .from(gifts)
            .where(eq(gifts.id, gift?.id ?? 0))
        )[0]?.refundedAt !== null,
      payment: (
        await db
          .select()
          .from(payments)
          .where(eq(payments.id, gift?.paymentId ?? ""))
      )[0]?.status,
      audits: (await audits()) - before,
    });
    // The gift's refund mark fails after the provider refunded (a full disk would, too).
    await db.execute(sql`alter table gifts add constraint no_refunds check (refunded_at is null) not valid`);
    try {
      const failed = await post(server, "/console/giving", adminCookie, { intent: "refund", refund: String(gift?.id) });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(await state()).toEqual({ gift: false, payment: "captured", audits: 0 });
    } finally {
      await db.execute(sql`alter table gifts drop constraint no_refunds`);
    }
    // Nothing was half done, so the same refund now goes through whole.
    expect(
      (await post(server, "/console/giving", adminCookie, { intent: "refund", refund: String(gift?.id) })).status,
    ).toBe(303);
    expect(await state()).toEqual({ gift: true, payment: "refunded", audits: 1 });
  });

  it("answers a date filter that is not a day with 400 and the message, in the list and the CSV", async () => {
    await give("108", "approve");
    for (const query of ["from=2026-99-99", "from=0000-01-01", "to=99999-01-01", "to=2026-02-31"]) {
      const page = await get(server, `/console/giving?${query}`, adminCookie);
      expect(page.status, query).toBe(400);
      const html = await page.text();
      expect(html, query).toContain("Please choose a valid date.");
      expect(html, query).not.toContain("$108.00");
      const csv = await get(server, `/console/giving.csv?${query}`, adminCookie);
      expect(csv.status, query).toBe(400);
      expect(await csv.text(), query).toBe("Please choose a valid date.");
    }
    // A real range still filters; an empty one is no filter.
    const ok = await get(server, "/console/giving?from=2000-01-01&to=", adminCookie);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("$108.00");
    expect((await get(server, "/console/giving.csv?from=2000-01-01", adminCookie)).status).toBe(200);
  });
});

describeEachBackend("giving through PayPal (local stand-in) over HTTP", (backend) => {
  let paypal: PaypalStandIn;
  let running: Awaited<ReturnType<typeof startServerWithPaypal>> | undefined;
  let server: TestServer;
  beforeAll(async () => {
    running = await startServerWithPaypal(backend);
    ({ paypal, server } = running);
  });
  afterAll(() => running?.close());
  beforeEach(async () => {
    const { db } = server.database;
    await db.delete(rateLimits);
    await db.delete(gifts);
    await db.delete(payments);
    await db.delete(paymentEvents);
  });

  const start = async (amount = "108") => {
    const res = await postForm(server, "/donation", { ...donor, amount, intent: "give" });
    expect(res.status).toBe(303);
    const approve = new URL(res.headers.get("location") ?? "");
    const orderId = approve.searchParams.get("token") ?? "";
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.providerOrderId, orderId));
    if (!payment) throw new Error("no payment for the order");
    return { orderId, payment };
  };

  it("creates the order on our server with our amount, and captures it on the payer's return", async () => {
    const { orderId, payment } = await start("108");
    expect(paypal.orders.get(orderId)?.amount).toEqual({ currency_code: "USD", value: "108.00" });
    paypal.approve(orderId);
    const res = await postForm(server, `/payments/return?payment=${payment.id}`, { payment: payment.id });
    expect(res.headers.get("location")).toBe("/thank-you-sacred-offering");
    const [gift] = await server.database.db.select().from(gifts);
    expect(gift?.amountCents).toBe(10800);
  });

  it("records a payment once when the return and a replayed webhook race", async () => {
    const { orderId, payment } = await start("333");
    paypal.approve(orderId);
    const event = { id: "WH-EVENT-1", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: orderId } };
    const hook = () => {
      const { headers, body } = signedWebhook(event);
      return fetch(`${server.url}/payments/webhook`, { method: "POST", headers, body });
    };
    const [a, b, c] = await Promise.all([
      hook(),
      postForm(server, `/payments/return?payment=${payment.id}`, { payment: payment.id }),
      hook(),
    ]);
    expect([a.status, c.status].sort()).toEqual([204, 204]);
    expect(b.status).toBe(303);
    expect(await server.database.db.select().from(gifts)).toHaveLength(1);
    expect(await server.database.db.select().from(paymentEvents)).toHaveLength(1);
    expect(paypal.orders.get(orderId)?.captures).toHaveLength(1);
  });

  it("captures from the webhook when the payer never comes back, and refuses forged deliveries", async () => {
    const { orderId } = await start("44");
    paypal.approve(orderId);
    const forged = signedWebhook(
      { id: "WH-F", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: orderId } },
      "forged",
    );
    const refused = await fetch(`${server.url}/payments/webhook`, { method: "POST", ...forged });
    expect(refused.status).toBe(400);
    expect(await server.database.db.select().from(gifts)).toHaveLength(0);
    const real = signedWebhook({ id: "WH-R", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: orderId } });
    expect((await fetch(`${server.url}/payments/webhook`, { method: "POST", ...real })).status).toBe(204);
    expect(await server.database.db.select().from(gifts)).toHaveLength(1);
  });

  it("limits webhook posts per address before asking PayPal to verify them (issue 28)", async () => {
    const { limit } = RATE_LIMITS.paymentWebhook;
    const verifications = () =>
      paypal.requests.filter((r) => r.path === "/v1/notifications/verify-webhook-signature").length;
    const before = verifications();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // Each post carries PayPal's five transmission headers, so each would cost a verification call.
    for (let i = 0; i < limit + 5; i++) {
      const forged = signedWebhook({ id: `WH-FLOOD-${i}`, event_type: "PAYMENT.CAPTURE.COMPLETED" }, "forged");
      const res = await fetch(`${server.url}/payments/webhook`, { method: "POST", ...forged });
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get("retry-after");
    }
    const asked = verifications() - before;
    expect(asked).toBeLessThanOrEqual(limit);
    expect(statuses[0]).toBe(400);
    // Every post was either verified (and refused as forged) or refused before PayPal was asked.
    expect(statuses.filter((s) => s === 400)).toHaveLength(asked);
    expect(statuses.filter((s) => s === 429).length).toBe(statuses.length - asked);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it("answers Payment Error and records nothing as paid when PayPal fails, declines or is slow", async () => {
    paypal.failNext(500);
    const failed = await postForm(server, "/donation", { ...donor, amount: "50", intent: "give" });
    expect(failed.status).toBe(502);
    expect(await failed.text()).toContain("There was an issue processing your donation. Please try again.");
    const declined = await start("60");
    paypal.approve(declined.orderId);
    paypal.decline(declined.orderId);
    const res = await postForm(server, `/payments/return?payment=${declined.payment.id}`, {
      payment: declined.payment.id,
    });
    expect(res.headers.get("location")).toBe("/donation?payment=error");
    const down = await start("70");
    paypal.approve(down.orderId);
    paypal.failNext(503, 3);
    const outage = await postForm(server, `/payments/return?payment=${down.payment.id}`, { payment: down.payment.id });
    // The provider did not answer: the payer stays on the return page, told to try again.
    expect(outage.status).toBe(502);
    expect(await outage.text()).toContain("We could not finish just now. Nothing is charged twice: please try again.");
    const statuses = await server.database.db.select({ s: payments.status }).from(payments);
    expect(statuses.map((r) => r.s).sort()).toEqual(["created", "declined", "failed"]);
    expect(await server.database.db.select().from(gifts)).toHaveLength(0);
  });
});
