import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addDays, zonedInstant } from "../../app/lib/dates";
import { DEFAULT_TIMEZONE } from "../../app/modules/accounts/schema";
import { AUDIT_ACTIONS } from "../../app/modules/audit/actions";
import { auditLog, ceremonyFlags, ceremonyPlaces, mailOutbox, preparationSessions, rateLimits } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import {
  approvedApplication,
  CEREMONY_DAY,
  clientForm,
  dayFields,
  OTHER_DOCUMENTS,
  postFields,
} from "../support/ceremonies";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 49: a place is confirmed only when the packet is signed, every flag settled and the
 * preparation session (90 days to 24 hours before the ceremony) held; keepers settle flags (what
 * rules a person out is never cleared) and remind participants without saying what is missing.
 */

describeEachBackend("ceremonies: readiness and the confirmed place", (backend) => {
  let server: TestServer;
  let keeper: TestAccount;
  let keeperCookie: string;
  let dayPath: string;
  const db = () => server.database.db;
  beforeAll(async () => {
    server = await startTestServer(backend, { CEREMONIES: "open" });
    keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
    const res = await postFields(server, "/console/ceremonies", keeperCookie, dayFields(keeper.id, { capacity: "6" }));
    dayPath = (res.headers.get("location") ?? "").split("?")[0] ?? "";
    expect(dayPath).toMatch(/^\/console\/ceremonies\/\d+$/);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await db().delete(rateLimits);
  });

  /** A member invited to the day who accepted: their cookie and place. */
  async function participant(name: string) {
    const account = await createAccount(server, "member", name);
    const { cookie } = await signIn(server, account.username, account.password);
    const applicationId = await approvedApplication(server, account, name);
    expect((await post(server, dayPath, keeperCookie, { intent: "invite", applicationId })).status).toBe(303);
    const [place] = await db().select().from(ceremonyPlaces).where(eq(ceremonyPlaces.userId, account.id));
    const placeId = String(place?.id);
    expect((await post(server, "/ceremony", cookie, { intent: "accept", placeId })).status).toBe(303);
    return { account, cookie, placeId };
  }
  const keeperDoes = (fields: Record<string, string>) => post(server, dayPath, keeperCookie, fields);
  async function refused(res: Response, status: number, message: string) {
    expect(res.status, message).toBe(status);
    expect(await res.text()).toContain(message);
  }
  const prepareAt = (placeId: string, day: string, time: string) =>
    keeperDoes({ intent: "prepare", placeId, day, time });

  it("holds the preparation session to its window, and marks it held only once it has begun", async () => {
    const { placeId } = await participant("Agnieszka Wróbel");
    const window = "The preparation session must be at least 24 hours and at most 90 days before the ceremony";
    // 12 hours before the ceremony (21:00 the evening before a 09:00 start), and 100 days before.
    await refused(await prepareAt(placeId, addDays(CEREMONY_DAY, -1), "21:00"), 400, window);
    await refused(await prepareAt(placeId, addDays(CEREMONY_DAY, -100), "10:00"), 400, window);
    expect(await db().select().from(preparationSessions)).toHaveLength(0);
    // Tomorrow: scheduled, but not held before it begins.
    const tomorrow = addDays(CEREMONY_DAY, -29);
    expect((await prepareAt(placeId, tomorrow, "10:00")).status).toBe(303);
    await refused(
      await keeperDoes({ intent: "held", placeId }),
      409,
      "A preparation session can be marked held only once it has begun.",
    );
    // Moved to the past hour (a session already held, recorded after), then marked held by its keeper.
    const [session] = await db()
      .update(preparationSessions)
      .set({ startsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(preparationSessions.placeId, Number(placeId)))
      .returning();
    expect(session?.startsAt.getTime()).toBeGreaterThan(
      zonedInstant(CEREMONY_DAY, "09:00", DEFAULT_TIMEZONE).getTime() - 90 * 86_400_000,
    );
    expect((await keeperDoes({ intent: "held", placeId })).status).toBe(303);
    const [held] = await db()
      .select()
      .from(preparationSessions)
      .where(eq(preparationSessions.placeId, Number(placeId)));
    expect(held?.heldById).toBe(keeper.id);
    await refused(
      await keeperDoes({ intent: "held", placeId }),
      409,
      "This preparation session is already marked held.",
    );
  });

  it("confirms a place only with the packet signed, every flag settled and the preparation held", async () => {
    const { account, cookie, placeId } = await participant("Wei Zhang 张伟");
    const confirm = () => keeperDoes({ intent: "confirm", placeId });
    const incomplete = "The place cannot be confirmed before every document of the packet is signed.";
    await refused(await confirm(), 409, incomplete);
    const sign = (kind: string, fields: Record<string, string>) =>
      post(server, `/ceremony/${placeId}/${kind}`, cookie, { intent: "sign", signature: "Wei Zhang 张伟", ...fields });
    expect((await sign("client-information", clientForm("Wei Zhang 张伟", { harmPast: "yes" }))).status).toBe(303);
    for (const [kind, fields] of OTHER_DOCUMENTS) expect((await sign(kind, fields)).status, kind).toBe(303);
    await refused(await confirm(), 409, "The place cannot be confirmed while a flag is unsettled or declined.");
    const [flag] = await db()
      .select()
      .from(ceremonyFlags)
      .where(eq(ceremonyFlags.placeId, Number(placeId)));
    expect((await keeperDoes({ intent: "settle-cleared", placeId, flagId: String(flag?.id) })).status).toBe(303);
    await refused(
      await keeperDoes({ intent: "settle-cleared", placeId, flagId: String(flag?.id) }),
      409,
      "This flag is already settled.",
    );
    await refused(await confirm(), 409, "The place cannot be confirmed before the preparation session is held.");
    await db()
      .insert(preparationSessions)
      .values({ placeId: Number(placeId), startsAt: new Date(Date.now() - 3_600_000), keeperName: "Elena Keeper" });
    expect((await keeperDoes({ intent: "held", placeId })).status).toBe(303);
    expect((await confirm()).headers.get("location")).toBe(`${dayPath}?done=confirmed`);
    const [place] = await db()
      .select()
      .from(ceremonyPlaces)
      .where(eq(ceremonyPlaces.id, Number(placeId)));
    expect(place?.status).toBe("confirmed");
    const [told] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "ceremony.confirmed"), eq(mailOutbox.toAddress, account.email)));
    expect(told?.subject).toBe("Your place at the ceremony is confirmed");
    expect(await (await get(server, "/ceremony", cookie)).text()).toContain("Your place is confirmed.");
    // The roster for the day: what the facilitators need at hand, theirs alone, each reading audited.
    const roster = await (await get(server, `${dayPath}/roster`, keeperCookie)).text();
    expect(roster).toContain("Wei Zhang 张伟");
    expect(roster).toContain("Zhang Wei, +15055550124");
    expect(roster).toContain("Li Na, +15055550123");
    expect(roster).toContain("Does not consent");
    expect(roster).not.toContain("Quiet music.");
    const other = await createAccount(server, "keeper", "Not Leading");
    const { cookie: otherCookie } = await signInStaff(server, other);
    expect((await get(server, `${dayPath}/roster`, otherCookie)).status).toBe(403);
    const acts = (await db().select().from(auditLog).where(eq(auditLog.subjectUserId, account.id))).map(
      (r) => r.action,
    );
    expect(acts).toEqual(
      expect.arrayContaining([
        AUDIT_ACTIONS.ceremonyInvited,
        AUDIT_ACTIONS.ceremonyFlagSettled,
        AUDIT_ACTIONS.preparationHeld,
        AUDIT_ACTIONS.ceremonyPlaceConfirmed,
        AUDIT_ACTIONS.ceremonyRosterRead,
      ]),
    );
  });

  it("never clears what rules a person out: the place is released instead", async () => {
    const { cookie, placeId } = await participant("Third Member");
    await post(
      server,
      `/ceremony/${placeId}/client-information`,
      cookie,
      clientForm("Third Member", { lithium: "yes" }),
    );
    const [flag] = await db()
      .select()
      .from(ceremonyFlags)
      .where(eq(ceremonyFlags.placeId, Number(placeId)));
    expect(flag?.severity).toBe("excludes");
    await refused(
      await keeperDoes({ intent: "settle-cleared", placeId, flagId: String(flag?.id) }),
      409,
      "An answer that rules someone out cannot be cleared: decline the place instead.",
    );
    expect((await keeperDoes({ intent: "settle-declined", placeId, flagId: String(flag?.id) })).status).toBe(303);
    const [place] = await db()
      .select()
      .from(ceremonyPlaces)
      .where(eq(ceremonyPlaces.id, Number(placeId)));
    expect(place?.status).toBe("released");
    // Released: the member's documents are closed to them.
    expect((await get(server, `/ceremony/${placeId}/medicines`, cookie)).status).toBe(404);
  });

  it("reminds those with documents to sign once a day, saying nothing of what is missing", async () => {
    const { account } = await participant("Fourth Member");
    const reminders = () =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "ceremony.reminder"), eq(mailOutbox.toAddress, account.email)));
    expect((await keeperDoes({ intent: "remind" })).status).toBe(303);
    expect((await keeperDoes({ intent: "remind" })).status).toBe(303);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.textBody).not.toMatch(/medicine|lithium|transport/i);
    // Another member cannot act on the board.
    const other = await createAccount(server, "member", "Fifth Member");
    const { cookie } = await signIn(server, other.username, other.password);
    expect((await post(server, dayPath, cookie, { intent: "remind" })).status).toBe(403);
  });
});
