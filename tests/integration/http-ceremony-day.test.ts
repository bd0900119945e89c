import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../app/modules/audit/actions";
import {
  adverseReactions,
  auditLog,
  ceremonyAttendance,
  ceremonyDays,
  ceremonyFacilitators,
  ceremonyPlaces,
  mailOutbox,
  rateLimits,
} from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 49, the day: arrival and departure, the transportation plan, the facilitators' sealed
 * notes and adverse-reaction reports, read and written only by the day's facilitators and admins,
 * every read and change audited; a reaction report stays when the member deletes their account.
 */

describeEachBackend("ceremonies: the day's record", (backend) => {
  let server: TestServer;
  let leader: TestAccount;
  let leaderCookie: string;
  let otherKeeperCookie: string;
  let adminCookie: string;
  let member: TestAccount;
  let path: string;
  const db = () => server.database.db;
  beforeAll(async () => {
    server = await startTestServer(backend, { CEREMONIES: "open" });
    leader = await createAccount(server, "keeper", "Elena Leader");
    ({ cookie: leaderCookie } = await signInStaff(server, leader));
    ({ cookie: otherKeeperCookie } = await signInStaff(server, await createAccount(server, "keeper", "Other Keeper")));
    ({ cookie: adminCookie } = await signInStaff(server, await createAccount(server, "admin", "Ada Admin")));
    member = await createAccount(server, "member", "Zofia Wiśniewska");
    // A ceremony that began two hours ago, led by Elena, with Zofia's confirmed place.
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    const [day] = await db()
      .insert(ceremonyDays)
      .values({
        place: "The Cedar House",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 8 * 3_600_000),
        capacity: 4,
        createdByName: "Elena Leader",
      })
      .returning();
    await db()
      .insert(ceremonyFacilitators)
      .values({ dayId: day?.id ?? 0, userId: leader.id });
    const [place] = await db()
      .insert(ceremonyPlaces)
      .values({ dayId: day?.id ?? 0, userId: member.id, status: "confirmed" })
      .returning();
    path = `/console/ceremonies/${day?.id}/places/${place?.id}`;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await db().delete(rateLimits);
  });
  const placeId = () => path.split("/").at(-1) ?? "";
  const attendance = (changes: Record<string, string> = {}) => ({
    intent: "attendance",
    placeId: placeId(),
    arrived: "08:55",
    departed: "17:40",
    transportFollowed: "yes",
    arranged: "",
    notes: "Held her hands during the third hour; she asked for the blue blanket.",
    ...changes,
  });
  const reaction = (changes: Record<string, string> = {}) => ({
    intent: "reaction",
    placeId: placeId(),
    reactionId: "",
    time: "11:20",
    severity: "severe",
    emergencyCalled: "yes",
    whatHappened: "Fainted after standing up quickly; pale and sweating.",
    whatDone: "Laid her down, legs raised; called 911 at 11:24; paramedics checked her at 11:40.",
    followUp: "Call her tomorrow morning.",
    ...changes,
  });

  it("is the day's facilitators' and admins' alone, and each read is audited", async () => {
    expect((await get(server, path, otherKeeperCookie)).status).toBe(403);
    expect((await post(server, path, otherKeeperCookie, attendance())).status).toBe(403);
    expect((await get(server, path, leaderCookie)).status).toBe(200);
    expect((await get(server, path, adminCookie)).status).toBe(200);
    const reads = await db().select().from(auditLog).where(eq(auditLog.action, AUDIT_ACTIONS.ceremonyRecordRead));
    expect(reads.map((r) => r.actorName).sort()).toEqual(["Ada Admin", "Elena Leader"]);
    expect(reads.every((r) => r.subjectUserId === member.id)).toBe(true);
  });

  it("records arrival, departure, the way home and sealed notes, with the form's messages", async () => {
    const early = await post(server, path, leaderCookie, attendance({ departed: "08:00" }));
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("Departure must be after arrival");
    const noPlan = await post(server, path, leaderCookie, attendance({ transportFollowed: "no" }));
    expect(await noPlan.text()).toContain("Please say what was arranged instead");
    expect(await db().select().from(ceremonyAttendance)).toHaveLength(0);
    const saved = await post(
      server,
      path,
      leaderCookie,
      attendance({ transportFollowed: "no", arranged: "Her sister came at 18:00." }),
    );
    expect(saved.headers.get("location")).toBe(`${path}?done=recorded`);
    const [row] = await db().select().from(ceremonyAttendance);
    expect(row?.transportFollowed).toBe(false);
    expect(row?.sealed).not.toContain("blanket");
    expect(row?.departedAt && row.arrivedAt && row.departedAt > row.arrivedAt).toBe(true);
    const page = await (await get(server, path, adminCookie)).text();
    expect(page).toContain("she asked for the blue blanket");
    expect(page).toContain("Her sister came at 18:00.");
  });

  it("reports a reaction (a severe one tells the keepers at once, without content), corrects it, and keeps it past the account", async () => {
    const missing = await post(server, path, leaderCookie, reaction({ whatHappened: "", severity: "" }));
    expect(missing.status).toBe(400);
    const text = await missing.text();
    expect(text).toContain("Please say what happened");
    expect(text).toContain("Please choose how severe it was");
    expect((await post(server, path, leaderCookie, reaction())).headers.get("location")).toBe(`${path}?done=reported`);
    const [stored] = await db().select().from(adverseReactions);
    expect(stored?.severity).toBe("severe");
    expect(stored?.emergencyCalled).toBe(true);
    expect(stored?.sealed).not.toContain("Fainted");
    const [notice] = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "ceremony.reaction"));
    expect(notice?.subject).toMatch(/^Urgent: /);
    expect(notice?.textBody).not.toContain("Fainted");
    const corrected = await post(
      server,
      path,
      leaderCookie,
      reaction({ reactionId: String(stored?.id), severity: "moderate" }),
    );
    expect(corrected.headers.get("location")).toBe(`${path}?done=corrected`);
    const [after] = await db().select().from(adverseReactions);
    expect(after?.severity).toBe("moderate");
    const acts = (await db().select().from(auditLog).where(eq(auditLog.subjectUserId, member.id))).map((r) => r.action);
    expect(acts).toEqual(
      expect.arrayContaining([
        AUDIT_ACTIONS.reactionReported,
        AUDIT_ACTIONS.reactionCorrected,
        AUDIT_ACTIONS.ceremonyRecordChanged,
      ]),
    );

    // The member's export holds the day's record; then they delete their account: their place and
    // record go, the report stays without them.
    const { cookie } = await signIn(server, member.username, member.password);
    const exported = (await (await get(server, "/profile/export", cookie)).json()) as {
      ceremonies: Array<{ dayRecord: { notes: string; transportFollowed: boolean } | null }>;
    };
    expect(exported.ceremonies[0]?.dayRecord).toMatchObject({
      notes: "Held her hands during the third hour; she asked for the blue blanket.",
      transportFollowed: false,
    });
    const deleted = await post(server, "/profile", cookie, {
      intent: "delete",
      currentPassword: member.password,
      confirm: "on",
    });
    expect(deleted.status).toBe(303);
    expect(await db().select().from(ceremonyPlaces)).toHaveLength(0);
    expect(await db().select().from(ceremonyAttendance)).toHaveLength(0);
    const [kept] = await db().select().from(adverseReactions);
    expect(kept?.placeId).toBeNull();
    expect(kept?.severity).toBe("moderate");
  });
});
