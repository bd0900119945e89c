// The giving statement's PDF structure, checked by qpdf (`qpdf --check`): a statement with gifts, and
// the same statement for donors whose names need the embedded fallback fonts (CJK, Hangul). What the
// statement says is tested without qpdf in tests/integration/http-giving-statement.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createAccount, get, signIn } from "../support/accounts";
import { give } from "../support/giving";
import { qpdfCheck } from "../support/pdf";
import { startTestServer, type TestServer } from "../support/server";

const year = new Date().getUTCFullYear();
const NAMES = ["Maya Giver", "王小明", "Łukasiewicz Żółć", "Αλέξανδρος", "Жуков Сергей", "김민준", "さくら 山田"];

describe("the giving statement's PDF structure (qpdf)", () => {
  let server: TestServer;
  let cookie: string;
  let memberId: string;

  beforeAll(async () => {
    server = await startTestServer("pglite", { PAYMENT_PROVIDER: "test", ORG_TAX_ID: "12-3456789" });
    const member = await createAccount(server, "member", "Maya Giver");
    memberId = member.id;
    ({ cookie } = await signIn(server, member.username, member.password));
    await give(server, member, cookie, "108");
    await give(server, member, cookie, "333");
  });
  afterAll(() => server.close());

  it.each(NAMES)("has no syntax or stream encoding error, for %s", async (name) => {
    await server.database.db.update(users).set({ name }).where(eq(users.id, memberId));
    const res = await get(server, `/profile/giving-statement/${year}`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const check = await qpdfCheck(new Uint8Array(await res.arrayBuffer()));
    expect(check.output).toContain("No syntax or stream encoding errors found");
    expect(check.ok, check.output).toBe(true);
  });
});
