import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { gifts, rateLimits, users } from "../../db/schema";
import { createAccount, get, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { give } from "../support/giving";
import { pdfSyntax, readPdf } from "../support/pdf";
import { startTestServer, type TestServer } from "../support/server";

const year = new Date().getUTCFullYear();
const statementPath = (y: number | string) => `/profile/giving-statement/${y}`;

const LEGAL_NAME = "Sacred Path Congregation, Inc.";
const TAX_ID = "12-3456789";

describeEachBackend("the member's giving statement over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  // Receipt numbers: two gifts kept, one refunded.
  let kept: number[];
  let refunded: number;

  beforeAll(async () => {
    server = await startTestServer(backend, {
      PAYMENT_PROVIDER: "test",
      ORG_LEGAL_NAME: LEGAL_NAME,
      ORG_TAX_ID: TAX_ID,
    });
    member = await createAccount(server, "member", "Maya Giver");
    ({ cookie } = await signIn(server, member.username, member.password));
    const other = await createAccount(server, "member", "Omar Other");
    ({ cookie: otherCookie } = await signIn(server, other.username, other.password));
    const first = await give(server, member, cookie, "108");
    const second = await give(server, member, cookie, "333");
    const third = await give(server, member, cookie, "50");
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

  it("serves this year's statement as a private, valid PDF listing the kept gifts and their total", async () => {
    const res = await get(server, statementPath(year), cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="giving-statement-${year}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Its structure is checked by qpdf in tests/validators/giving-statement-pdf.test.ts.
    const { pages, roles, text, info } = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    const lines = text.split("\n");
    expect(lines[0]).toBe(LEGAL_NAME);
    expect(lines).toContain(`Employer identification number (EIN): ${TAX_ID}`);
    expect(lines).toContain(`Giving statement for ${year}`);
    expect(lines).toContain("Donor: Maya Giver");
    expect(lines).toContain(`Email: ${member.email}`);
    expect(lines).toContain("Receipt no. Date Kind and method Amount (USD)");
    for (const [id, amount] of [
      [kept[0], "$108.00"],
      [kept[1], "$333.00"],
    ]) {
      expect(lines.some((line) => line.startsWith(`${id} `) && line.endsWith(` Offering, Online ${amount}`))).toBe(
        true,
      );
    }
    expect(lines).toContain("Total (2 gifts) $441.00");
    expect(lines).toContain("No goods or services were provided in exchange for these contributions.");
    expect(lines).toContain("Paid sessions are not gifts and are not listed. Refunded gifts are not listed.");
    expect(lines.some((line) => line.startsWith("Issued on ") && line.endsWith(` by ${LEGAL_NAME}`))).toBe(true);
    expect(lines).toContain("Page 1 of 1");
    // The refunded gift is neither listed nor counted.
    expect(lines.some((line) => line.startsWith(`${refunded} `))).toBe(false);
    expect(text).not.toContain("$50.00");

    expect(info).toMatchObject({
      Title: `Giving statement for ${year}`,
      Author: LEGAL_NAME,
      Subject: `Gifts received from Maya Giver in ${year}`,
      PDFFormatVersion: "1.7",
      Language: "en-US",
    });
    // Tagged: headings, paragraphs and a table with a head row and a row per gift, for screen readers.
    expect(roles[0]?.slice(0, 6)).toEqual(["Root", "Document", "H1", "P", "H2", "P"]);
    expect(roles[0]?.filter((role) => role === "TR")).toHaveLength(3);
    expect(roles[0]?.filter((role) => role === "TH")).toHaveLength(4);
    expect(roles[0]?.filter((role) => role === "TD")).toHaveLength(8);
    const syntax = pdfSyntax(bytes);
    expect(syntax.startsWith("%PDF-1.7")).toBe(true);
    expect(syntax).toContain("/Lang (en-US)");
    expect(syntax).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(syntax).toMatch(/\/Marked true/);
    expect(syntax).toContain("/Type /StructTreeRoot");
    for (const role of ["/S /Document", "/S /H1", "/S /Table", "/S /TH", "/S /TD"]) expect(syntax).toContain(role);
    // Embedded subsets only: each font's name carries a six-letter subset tag and has its file.
    const fontNames = [...syntax.matchAll(/\/FontName \/([^\s/]+)/g)].map((m) => m[1]);
    expect(fontNames.length).toBeGreaterThan(0);
    for (const name of fontNames) expect(name).toMatch(/^[A-Z]{6}\+NotoSans-(Regular|Bold)$/);
    expect(syntax.match(/\/FontFile2 /g)).toHaveLength(fontNames.length);
    expect(syntax).not.toMatch(/\/Subtype \/Type1|Helvetica/);
  });

  it("prints each donor's name as written, in Latin, Greek, Cyrillic, Chinese, Japanese and Korean", async () => {
    const names = [
      "王小明",
      "Łukasiewicz",
      "Żółć",
      "Αλέξανδρος Παπαδόπουλος",
      "Жуков Сергей",
      "김민준",
      "さくら 山田",
      "Nguyễn Thị Minh Khai",
      "Ayşe Çağlar 王 Дмитрий",
    ];
    try {
      for (const name of names) {
        await server.database.db.update(users).set({ name }).where(eq(users.id, member.id));
        const res = await get(server, statementPath(year), cookie);
        expect(res.status, name).toBe(200);
        const bytes = new Uint8Array(await res.arrayBuffer());
        const { text, info } = await readPdf(bytes);
        expect(text.split("\n"), name).toContain(`Donor: ${name}`);
        expect(info.Subject, name).toBe(`Gifts received from ${name} in ${year}`);
        const fonts = [...pdfSyntax(bytes).matchAll(/\/FontName \/[A-Z]{6}\+([^\s/]+)/g)].map((m) => m[1]);
        if (/\p{Script=Han}|\p{Script=Hiragana}/u.test(name)) expect(fonts, name).toContain("DroidSansFallback");
        if (/\p{Script=Hangul}/u.test(name)) expect(fonts, name).toContain("NanumGothic");
      }
    } finally {
      await server.database.db.update(users).set({ name: "Maya Giver" }).where(eq(users.id, member.id));
    }
  });

  it("answers a page, not a statement, for a year without gifts", async () => {
    const res = await get(server, statementPath(2001), cookie);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const page = await res.text();
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain("<h1");
    expect(page).toContain("No statement for 2001");
    expect(page).toContain("We have no record of gifts from you in 2001, so there is nothing to state.");
    expect(page).toContain('href="/profile#giving"');
    for (const id of kept) expect(page).not.toContain(`receipt ${id}`);
  });

  it("sends a visitor to sign in", async () => {
    const res = await get(server, statementPath(year));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/sacred-access?redirectTo=${encodeURIComponent(statementPath(year))}`);
  });

  it("shows another member none of the first member's gifts", async () => {
    const res = await get(server, statementPath(year), otherCookie);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const body = await res.text();
    expect(body).toContain(`We have no record of gifts from you in ${year}`);
    expect(body).not.toContain("Maya Giver");
    expect(body).not.toContain("$108.00");
    const page = await (await get(server, "/profile", otherCookie)).text();
    expect(page).toContain("No gifts yet.");
    expect(page).toContain("Make an offering");
    expect(page).toContain('href="/donation"');
    expect(page).not.toContain("$108.00");
    expect((await (await get(server, "/profile/export", otherCookie)).json()).gifts).toEqual([]);
  });

  it("answers a 404 page for a year that is not a four-digit year from 2000 to this one", async () => {
    for (const bad of ["1999", "abcd", String(year + 1), `0${year}`, "20x5", "%E7%8E%8B"]) {
      const res = await get(server, statementPath(bad), cookie);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get("content-type"), bad).toBe("text/html; charset=utf-8");
      const page = await res.text();
      expect(page, bad).toContain("No such statement");
      expect(page, bad).toContain(`Giving statements cover one calendar year each, from 2000 to ${year}.`);
      expect(page, bad).not.toBe("null");
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
