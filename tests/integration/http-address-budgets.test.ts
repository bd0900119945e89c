import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { quizQuestions } from "../../app/content/readiness-quiz";
import { formatWait } from "../../app/lib/dates";
import { resetAddressBusy } from "../../app/modules/accounts/messages";
import { quizAddressBusy } from "../../app/modules/intake/messages";
import { newsletterAddressBusy } from "../../app/modules/newsletter/messages";
import { mailOutbox, newsletterSubscribers, rateLimits, users } from "../../db/schema";
import { createAccount, signIn } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

const VICTIM = "victim@example.org";
/** The victim's own connection, and a stranger's: one, or twenty (a botnet, or a phone moving between networks). */
const victimFrom = { "X-Forwarded-For": "198.51.100.7" };
const strangerFrom = (i = 0) => ({ "X-Forwarded-For": `203.0.113.${10 + i}` });

/**
 * docs/decisions/007: a budget per typed email address must not be spendable by a stranger who types
 * it. Each is counted per address and client address; the higher ceiling per address (against
 * flooding one inbox) answers its owner with a kind message that names another way through.
 */
describeEachBackend("per-address budgets a stranger cannot spend", (backend) => {
  let server: TestServer;
  let victimCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: "true" });
    const victim = await createAccount(server, "member", "Vera Victim");
    await server.database.db.update(users).set({ email: VICTIM, emailVerified: true }).where(eq(users.id, victim.id));
    ({ cookie: victimCookie } = await signIn(server, victim.username, victim.password));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
    await server.database.db.delete(mailOutbox);
    await server.database.db.delete(newsletterSubscribers);
  });

  const mailsTo = (kind: string) =>
    server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, VICTIM), eq(mailOutbox.kind, kind)));
  /** The kind message, exactly as the page shows it, for the wait its Retry-After names. */
  async function expectBusy(res: Response, busy: (wait: string) => { title: string; description: string }) {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    const { title, description } = busy(formatWait(retryAfter));
    const page = await res.text();
    expect(page).toContain(title);
    expect(page).toContain(description);
  }

  const answers = Object.fromEntries(quizQuestions.map((q) => [q.id, q.options[0] ?? ""]));
  const quiz = (headers: Record<string, string>) =>
    postForm(server, "/start-your-journey", { intent: "quiz", email: VICTIM, ...answers }, headers);

  it("quiz: a stranger spends only their own budget; from many addresses the ceiling says how else to get through", async () => {
    for (let i = 0; i < 3; i++) expect((await quiz(strangerFrom())).status).toBe(303);
    expect((await quiz(strangerFrom())).status).toBe(429);
    expect((await quiz(victimFrom)).status).toBe(303);

    for (let i = 1; i < 21; i++) await quiz(strangerFrom(i));
    await expectBusy(await quiz(victimFrom), quizAddressBusy);
    // Signed in with the address proven as theirs, the victim is never counted with strangers.
    expect((await quiz({ ...victimFrom, cookie: victimCookie })).status).toBe(303);
    // The inbox got at most the ceiling's mails, and the victim's own.
    expect((await mailsTo("quiz.recommendation")).length).toBeLessThanOrEqual(11);
  });

  const newsletter = (headers: Record<string, string>) => postForm(server, "/newsletter", { email: VICTIM }, headers);

  it("newsletter: a stranger spends only their own budget; from many addresses the ceiling says how else to get through", async () => {
    for (let i = 0; i < 3; i++) expect((await newsletter(strangerFrom())).status).toBe(303);
    expect((await newsletter(strangerFrom())).status).toBe(429);
    expect((await newsletter(victimFrom)).status).toBe(303);

    for (let i = 1; i < 21; i++) await newsletter(strangerFrom(i));
    await expectBusy(await newsletter(victimFrom), newsletterAddressBusy);
    expect((await newsletter({ ...victimFrom, cookie: victimCookie })).status).toBe(303);
    expect((await mailsTo("newsletter.confirm")).length).toBeLessThanOrEqual(11);
  });

  const forgot = (headers: Record<string, string>) => postForm(server, "/forgot-password", { email: VICTIM }, headers);
  const resetMails = () => mailsTo("account.reset-password");

  it("forgot password: a stranger spends only their own budget; from many addresses the ceiling says a link is there", async () => {
    for (let i = 0; i < 4; i++) expect((await forgot(strangerFrom())).status).toBe(303);
    const sentToStranger = (await resetMails()).length;
    expect(sentToStranger).toBe(3);
    // The victim, from their own connection, still gets a link.
    expect((await forgot(victimFrom)).status).toBe(303);
    expect(await resetMails()).toHaveLength(sentToStranger + 1);

    for (let i = 1; i < 21; i++) await forgot(strangerFrom(i));
    expect((await resetMails()).length).toBeLessThanOrEqual(10);
    await expectBusy(await forgot(victimFrom), resetAddressBusy);
  });

  it("forgot password: the ceiling's words are the same for an address without an account", async () => {
    const nobody = "nobody-here@example.org";
    for (let i = 0; i < 20; i++) await postForm(server, "/forgot-password", { email: nobody }, strangerFrom(i));
    await expectBusy(await postForm(server, "/forgot-password", { email: nobody }, victimFrom), resetAddressBusy);
  });
});
