import { parse as parseCsv } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { CHECKBOX_MESSAGE } from "~/lib/checkbox";
import { gifts, mailOutbox, payments, rateLimits, users } from "../../db/schema";
import { createAccount, get, signIn, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { readPdf } from "../support/pdf";
import { postForm, startTestServer, type TestServer } from "../support/server";

/*
 * "Cover the fee" (issue 34): the box adds the processor's fee at the settings' rate (3.49% + 49¢ by
 * default), the server works it out (never the browser's total), and the receipt, the statement, the
 * console's totals and the CSV show the gift and the fee as given.
 */
describeEachBackend("covering the fee over HTTP", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { PAYMENT_PROVIDER: "test" });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    const { db } = server.database;
    await db.delete(rateLimits);
    await db.delete(gifts);
    await db.delete(payments);
    await db.delete(mailOutbox);
  });

  /** /donation (the cookie signs the donor in) -> the test approval page -> approve -> the return. */
  async function give(fields: Record<string, string>, cookie = "") {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const started = await postForm(
      server,
      "/donation",
      { intent: "give", tier: "108", amount: "", ...fields },
      headers,
    );
    expect(started.status).toBe(303);
    const approval = new URL(started.headers.get("location") ?? "", server.url).pathname;
    const decided = await postForm(server, approval, { decision: "approve" });
    const payment = new URL(decided.headers.get("location") ?? "").searchParams.get("payment") ?? "";
    expect((await postForm(server, `/payments/return?payment=${payment}`, { payment }, headers)).status).toBe(303);
    return payment;
  }

  it("adds the fee the box names to the charge, and the receipt shows the gift and the fee", async () => {
    const page = await (await fetch(`${server.url}/donation`)).text();
    expect(page).toContain('name="coverFee"');
    expect(page).toContain("The payment processor keeps 3.49% + $0.49 of each gift;");
    const paymentId = await give({ donorName: "Ana Ruiz", email: "ana@example.org", coverFee: "on" });
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({
      amountCents: 11242,
      feeCents: 442,
      status: "captured",
      description: "Offering to the church - $108 + $4.42 to cover the fee",
    });
    const [gift] = await server.database.db.select().from(gifts);
    expect(gift).toMatchObject({ amountCents: 11242, feeCents: 442 });
    const [receipt] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift.receipt"));
    expect(receipt?.subject).toBe("Your receipt for $112.42");
    expect(receipt?.textBody).toContain(
      "Amount: $112.42 (USD): your gift of $108.00 and $4.42 to cover the processing fee",
    );
    expect(receipt?.textBody).toContain("so all of your $108.00 gift reaches the congregation");
  });

  it("adds nothing without the box, and refuses a box that was not a box, storing nothing", async () => {
    await give({ donorName: "Ana Ruiz", email: "ana@example.org" });
    const [payment] = await server.database.db.select().from(payments);
    expect(payment).toMatchObject({ amountCents: 10800, feeCents: 0, description: "Offering to the church - $108" });
    const forged = await postForm(server, "/donation", {
      intent: "give",
      tier: "108",
      amount: "",
      donorName: "Ana Ruiz",
      email: "ana@example.org",
      coverFee: "999",
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain(CHECKBOX_MESSAGE);
    expect(await server.database.db.select().from(payments)).toHaveLength(1);
  });

  it("covers the fee on a ceremony donation with test card fields", async () => {
    const paid = await postForm(server, "/donation-checkout", {
      email: "ana@example.org",
      amount: "5500",
      donorName: "Ana Ruiz",
      cardLast4: "4242",
      coverFee: "on",
    });
    expect(paid.headers.get("location")).toBe("/donation-success");
    const [gift] = await server.database.db.select().from(gifts);
    // (550000 + 49) / (1 - 0.0349), rounded up: 569,940 cents; the fee is what it adds.
    expect(gift).toMatchObject({ kind: "ceremony", amountCents: 569940, feeCents: 19940 });
  });

  it("shows the fee in the member's statement, the console's totals and the CSV", async () => {
    const member = await createAccount(server, "member", "Józef Kowalski");
    await server.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
    const { cookie } = await signIn(server, member.username, member.password);
    await give({ donorName: member.name, email: member.email, coverFee: "on" }, cookie);
    await give({ donorName: member.name, email: member.email, tier: "44" }, cookie);
    const year = new Date().getUTCFullYear();
    const statement = await get(server, `/profile/giving-statement/${year}`, cookie);
    expect(statement.status).toBe(200);
    const { text } = await readPdf(new Uint8Array(await statement.arrayBuffer()));
    expect(text).toContain("Offering, Online (with $4.42 fee) $112.42");
    expect(text).toContain("Offering, Online $44.00");
    expect(text).toContain("Total (2 gifts) $156.42");
    expect(text).toContain("The total includes $4.42 you gave to cover payment processing fees");

    const admin = await createAccount(server, "admin", "Adrian Steward");
    const { cookie: adminCookie } = await signInStaff(server, admin);
    const console = await (await get(server, "/console/giving", adminCookie)).text();
    expect(console).toContain("$156.42");
    expect(console).toContain("The net includes $4.42 that donors gave to cover processing fees.");
    expect(console).toContain("with $4.42 fee");
    const csv = await (await get(server, "/console/giving.csv", adminCookie)).text();
    const rows = parseCsv(csv, { bom: true, columns: true, relax_quotes: false, relax_column_count: false }) as Array<
      Record<string, string>
    >;
    expect(rows.map((r) => [r.amount_usd, r.fee_usd]).sort()).toEqual([
      ["112.42", "4.42"],
      ["44.00", "0.00"],
    ]);
  });
});
