import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BOOKING_OFF_MESSAGES } from "../../app/modules/bookings/messages";
import { bookableRange } from "../../app/modules/bookings/time";
import { PAYMENTS_OFF_MESSAGES } from "../../app/modules/payments/messages";
import { bookings, mailOutbox, payments } from "../../db/schema";
import { createAccount, post, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

/** React's escaping of text, as the page holds it. */
const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

/** Whatever would let someone believe they could pay here. */
const PAYMENT_CONTROLS = [
  'name="amount"',
  'name="tier"',
  "cc-number",
  "data-card",
  "Continue to PayPal",
  "Confirm and Pay",
  "(test mode)",
  "Test mode",
  "Pay $",
];

describeEachBackend("online payment off (PAYMENT_PROVIDER=none) over HTTP", (backend) => {
  let paid: TestServer;
  let off: TestServer;
  let approvedToken = "";
  const person = { fullName: "Ana Ruiz", email: "ana@example.org", phone: "" };
  const day = () => bookableRange().first;

  beforeAll(async () => {
    // A mentorship approved while payments were on, to be paid after they were turned off.
    paid = await startTestServer(backend, { PAYMENT_PROVIDER: "test" });
    off = await startTestServer(backend, { PAYMENT_PROVIDER: "none" }, paid.database);
    await postForm(paid, "/bookings", { offerId: "microdose", day: day(), time: "09:00", ...person });
    const keeper = await createAccount(paid, "keeper", "Elena Keeper");
    const { cookie } = await signInStaff(paid, keeper);
    const [request] = await paid.database.db.select().from(bookings);
    await post(paid, "/console/bookings", cookie, { intent: "approve", id: request?.id ?? "" });
    const [mail] = await paid.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "booking.approved"));
    approvedToken = mail?.textBody.match(/\/bookings\/manage\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    expect(approvedToken).not.toBe("");
  });
  afterAll(async () => {
    await off.close();
    await paid.close();
  });

  const counts = async () => ({
    payments: (await off.database.db.select().from(payments)).length,
    bookings: (await off.database.db.select().from(bookings)).length,
  });

  async function page(path: string) {
    const res = await fetch(`${off.url}${path}`);
    expect(res.status, path).toBe(200);
    return res.text();
  }

  function saysOtherwise(body: string, notice: { title: string; description: string }, where: string) {
    expect(body, where).toContain(html(notice.title));
    expect(body, where).toContain(html(notice.description));
    expect(body, where).toContain('href="/contact"');
    for (const control of PAYMENT_CONTROLS) expect(body, `${where}: ${control}`).not.toContain(control);
  }

  it("shows how to give otherwise on both giving pages, with no amount or card fields", async () => {
    for (const path of ["/donation", "/donation-checkout"]) {
      saysOtherwise(await page(path), PAYMENTS_OFF_MESSAGES.giving, path);
    }
  });

  it("shows how to book otherwise on the booking pages, with no calendar or form", async () => {
    for (const path of ["/bookings", "/bookings?offer=preparation", "/bookings?offer=microdose"]) {
      const body = await page(path);
      saysOtherwise(body, BOOKING_OFF_MESSAGES.booking, path);
      expect(body, path).not.toContain('name="fullName"');
      expect(body, path).not.toContain("Choose a day");
    }
  });

  it("shows an approved mentorship how to confirm its place otherwise; cancelling still works", async () => {
    const body = await page(`/bookings/manage/${approvedToken}`);
    saysOtherwise(body, BOOKING_OFF_MESSAGES.pay, "manage");
    expect(body).toContain("Cancel this session");
  });

  it("answers every giving and booking post with the same words, and records nothing", async () => {
    const before = await counts();
    const posts: Array<[string, Record<string, string>, { title: string; description: string }]> = [
      [
        "/donation",
        { tier: "108", amount: "", donorName: "Ana Ruiz", email: "ana@example.org" },
        PAYMENTS_OFF_MESSAGES.giving,
      ],
      [
        "/donation-checkout",
        { amount: "6800", donorName: "Ana Ruiz", email: "ana@example.org", cardLast4: "4242" },
        PAYMENTS_OFF_MESSAGES.giving,
      ],
      [
        "/bookings",
        { offerId: "preparation", day: day(), time: "10:00", cardLast4: "4242", ...person },
        BOOKING_OFF_MESSAGES.booking,
      ],
      [
        "/bookings?offer=microdose",
        { offerId: "microdose", day: day(), time: "14:00", ...person },
        BOOKING_OFF_MESSAGES.booking,
      ],
      [`/bookings/manage/${approvedToken}`, { intent: "pay", cardLast4: "4242" }, BOOKING_OFF_MESSAGES.pay],
    ];
    for (const [path, fields, notice] of posts) {
      const res = await postForm(off, path, { _key: crypto.randomUUID(), ...fields });
      expect(res.status, path).toBe(409);
      expect(await res.text(), path).toContain(html(notice.description));
    }
    // React Router's data requests (the forms with JavaScript) get the same notice in the form's result.
    const data = await postForm(off, "/donation.data", { tier: "108", donorName: "Ana Ruiz", email: "a@example.org" });
    expect(data.status).toBe(409);
    expect(await data.text()).toContain(PAYMENTS_OFF_MESSAGES.giving.description);
    expect(await counts()).toEqual(before);
    const [approved] = await off.database.db.select().from(bookings);
    expect(approved?.status).toBe("approved");
  });

  it("refuses PayPal's webhook as a route that is not there", async () => {
    const res = await fetch(`${off.url}/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: off.url },
      body: JSON.stringify({ id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} }),
    });
    expect(res.status).toBe(404);
    expect((await fetch(`${off.url}/payments/webhook`)).status).toBe(404);
  });

  it("keeps the rest of the site working", async () => {
    for (const path of ["/", "/contact", "/start-your-journey", "/faq", "/magic"]) await page(path);
    const contact = await postForm(off, "/contact", {
      name: "Ana Ruiz",
      email: "ana@example.org",
      message: "I would like to book a Preparation Session, please.",
    });
    expect(contact.status).toBe(303);
  });
});
