import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { gifts, rateLimits } from "../../db/schema";
import { createAccount, get, post, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

const year = new Date().getUTCFullYear();
const statementPath = (y: number | string) => `/profile/giving-statement/${y}`;

/** The PDF as text (Latin-1, byte for byte), so its uncompressed text can be searched. */
const pdfText = async (res: Response) => Buffer.from(await res.arrayBuffer()).toString("latin1");

describeEachBackend("the member's giving statement over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  // Receipt numbers: two gifts kept, one refunded.
  let kept: number[];
  let refunded: number;

  /** /donation signed in -> the test approval page -> approve -> the return POST; the gift made. */
  async function give(account: TestAccount, sessionCookie: string, amount: string) {
    const started = await post(server, "/donation", sessionCookie, {
      donorName: account.name,
      email: account.email,
      amount,
      intent: "give",
    });
    expect(started.status).toBe(303);
    const approval = new URL(started.headers.get("location") ?? "", server.url).pathname;
    expect(approval).toMatch(/^\/payments\/test\/TEST-/);
    const decided = await postForm(server, approval, { decision: "approve" });
    const payment = new URL(decided.headers.get("location") ?? "").searchParams.get("payment") ?? "";
    expect((await postForm(server, `/payments/return?payment=${payment}`, { payment })).status).toBe(303);
    const [gift] = await server.database.db.select().from(gifts).where(eq(gifts.paymentId, payment));
    if (!gift) throw new Error("no gift recorded");
    return gift;
  }

  beforeAll(async () => {
    server = await startTestServer(backend, { PAYMENT_PROVIDER: "test" });
    member = await createAccount(server, "member", "Maya Giver");
    ({ cookie } = await signIn(server, member.username, member.password));
    const other = await createAccount(server, "member", "Omar Other");
    ({ cookie: otherCookie } = await signIn(server, other.username, other.password));
    const first = await give(member, cookie, "108");
    const second = await give(member, cookie, "333");
    const third = await give(member, cookie, "50");
    await server.database.db.update(gifts).set({ refundedAt: new Date() }).where(eq(gifts.id, third.id));
    expect([first.userId, second.userId]).toEqual([member.id, member.id]);
    kept = [first.id, second.id];
    refunded = third.id;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  it("shows the member's gifts on the profile with the year's total and a statement link", async () => {
    const page = await (await get(server, "/profile", cookie)).text();
    expect(page).toContain("Donations and Gifts");
    for (const id of [...kept, refunded]) expect(page).toContain(`receipt ${id}`);
    expect(page).toContain("$108.00");
    expect(page).toContain("$333.00");
    expect(page).toContain("Refunded");
    expect(page).toContain("$441.00");
    expect(page).toContain(`Download ${year} statement`);
    expect(page).toContain(`href="${statementPath(year)}"`);
    expect(page).not.toContain("No gifts yet");
  });

  it("serves this year's statement as a private PDF listing the kept gifts and their total", async () => {
    const res = await get(server, statementPath(year), cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="giving-statement-${year}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const pdf = await pdfText(res);
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf).toContain("(Sacred Path Congregation)");
    expect(pdf).toContain(`(Giving statement for ${year})`);
    expect(pdf).toContain(`(Donor: Maya Giver)`);
    expect(pdf).toContain(`(Email: ${member.email})`);
    for (const id of kept) expect(pdf).toContain(`(${id})`);
    expect(pdf).toContain("($108.00)");
    expect(pdf).toContain("($333.00)");
    expect(pdf).toContain("($441.00)");
    expect(pdf).toContain("(No goods or services were provided in exchange for these contributions.)");
    expect(pdf).toContain("Paid sessions are not gifts and are not listed.");
    // The refunded gift is neither listed nor counted.
    expect(pdf).not.toContain(`(${refunded})`);
    expect(pdf).not.toContain("$50.00");
    // The cross-reference table points at each object.
    const xref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(5);
    offsets.forEach((offset, i) => {
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
  });

  it("gives a valid statement saying there were no gifts for a year without any", async () => {
    const res = await get(server, statementPath(2001), cookie);
    expect(res.status).toBe(200);
    const pdf = await pdfText(res);
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf).toContain("(We have no record of gifts from you in 2001.)");
    for (const id of kept) expect(pdf).not.toContain(`(${id})`);
  });

  it("sends a visitor to sign in", async () => {
    const res = await get(server, statementPath(year));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/sacred-access?redirectTo=${encodeURIComponent(statementPath(year))}`);
  });

  it("shows another member none of the first member's gifts", async () => {
    const res = await get(server, statementPath(year), otherCookie);
    expect(res.status).toBe(200);
    const pdf = await pdfText(res);
    expect(pdf).toContain(`(We have no record of gifts from you in ${year}.)`);
    for (const id of [...kept, refunded]) expect(pdf).not.toContain(`(${id})`);
    expect(pdf).not.toContain("Maya Giver");
    expect(pdf).not.toContain("$108.00");
    const page = await (await get(server, "/profile", otherCookie)).text();
    expect(page).toContain("No gifts yet.");
    expect(page).toContain("Make an offering");
    expect(page).toContain('href="/donation"');
    expect(page).not.toContain("$108.00");
    expect((await (await get(server, "/profile/export", otherCookie)).json()).gifts).toEqual([]);
  });

  it("answers 404 for a year that is not a four-digit year from 2000 to this one", async () => {
    for (const bad of ["1999", "abcd", String(year + 1), `0${year}`, "20x5"]) {
      expect((await get(server, statementPath(bad), cookie)).status, bad).toBe(404);
    }
  });

  it("lists the gifts, refunded ones too, in the member's data export", async () => {
    const body = await (await get(server, "/profile/export", cookie)).json();
    const byId = new Map(body.gifts.map((g: { id: number }) => [g.id, g]));
    expect(byId.size).toBe(3);
    expect(byId.get(kept[0])).toMatchObject({ kind: "offering", amountCents: 10800, refundedAt: null });
    expect(byId.get(kept[1])).toMatchObject({ kind: "offering", amountCents: 33300, refundedAt: null });
    expect(byId.get(refunded)).toMatchObject({ kind: "offering", amountCents: 5000 });
    expect(byId.get(refunded)).toHaveProperty("refundedAt", expect.any(String));
    expect(typeof (byId.get(kept[0]) as { givenAt: unknown }).givenAt).toBe("string");
  });
});
