import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../app/modules/audit/actions";
import { recordCeremoniesSetting } from "../../app/modules/ceremonies/setting.server";
import { auditLog, ceremonyFlags, ceremonyPlaces, mailOutbox, rateLimits, readinessDocuments } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import {
  approvedApplication as approved,
  clientForm,
  dayFields,
  OTHER_DOCUMENTS,
  postFields,
} from "../support/ceremonies";
import { describeEachBackend } from "../support/database";
import { readPdf } from "../support/pdf";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 49, first part: keepers schedule a ceremony day and invite approved applicants from the
 * waitlist; an invited member accepts or declines; the readiness packet's documents are signed by
 * typing a full name (sealed, versioned, screened for flags), downloaded as a PDF and withdrawn
 * until the day; while CEREMONIES is paused nothing of it is offered to members.
 */

describeEachBackend("ceremonies: the day, the invitation and the readiness packet", (backend) => {
  let server: TestServer;
  let keeper: TestAccount;
  let keeperCookie: string;
  const members: Record<string, { account: TestAccount; cookie: string }> = {};
  const db = () => server.database.db;
  beforeAll(async () => {
    server = await startTestServer(backend, { CEREMONIES: "open" });
    keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
    for (const name of ["Agnieszka Wróbel", "Wei Zhang 张伟", "Third Member"]) {
      const account = await createAccount(server, "member", name);
      members[name] = { account, cookie: (await signIn(server, account.username, account.password)).cookie };
    }
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await db().delete(rateLimits);
  });
  const member = (name: string) => members[name] as { account: TestAccount; cookie: string };
  const approvedApplication = (name: string) => approved(server, member(name).account, name);
  async function schedule() {
    const res = await postFields(server, "/console/ceremonies", keeperCookie, dayFields(keeper.id));
    expect(res.status).toBe(303);
    const id = Number(/\/console\/ceremonies\/(\d+)\?done=scheduled$/.exec(res.headers.get("location") ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    return id;
  }
  async function invited(dayId: number, name: string) {
    const applicationId = await approvedApplication(name);
    const res = await post(server, `/console/ceremonies/${dayId}`, keeperCookie, { intent: "invite", applicationId });
    expect(res.status).toBe(303);
    const [place] = await db()
      .select()
      .from(ceremonyPlaces)
      .where(and(eq(ceremonyPlaces.dayId, dayId), eq(ceremonyPlaces.userId, member(name).account.id)));
    if (!place) throw new Error("no place");
    return place.id;
  }

  it("schedules a day with the form's messages; bad input and members store nothing", async () => {
    for (const [changes, message] of [
      [{ place: "" }, "Choose a ceremony place"],
      [{ day: "2020-01-01" }, "The ceremony day must be in the future"],
      [{ ends: "08:00" }, "The day must end after it begins"],
      [{ capacity: "31" }, "Places must be a whole number from 1 to 30"],
      [{ facilitators: [] }, "Choose at least one facilitator who leads the day"],
      [{ facilitators: [member("Third Member").account.id] }, "Choose at least one facilitator who leads the day"],
    ] as const) {
      const res = await postFields(server, "/console/ceremonies", keeperCookie, dayFields(keeper.id, changes));
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(
      (await postFields(server, "/console/ceremonies", member("Third Member").cookie, dayFields(keeper.id))).status,
    ).toBe(403);
    const id = await schedule();
    const page = await (await get(server, `/console/ceremonies/${id}`, keeperCookie)).text();
    expect(page).toContain("The Cedar House");
    expect(page).toContain("Elena Keeper");
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, AUDIT_ACTIONS.ceremonyScheduled));
    expect(audit?.actorId).toBe(keeper.id);
  });

  it("invites from the waitlist up to the places; the member accepts, signs, downloads and withdraws", async () => {
    const dayId = await schedule();
    const placeId = await invited(dayId, "Agnieszka Wróbel");
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, "ceremony.invited"),
          eq(mailOutbox.toAddress, member("Agnieszka Wróbel").account.email),
        ),
      );
    expect(mail?.subject).toBe("A place for you at a ceremony");
    expect(mail?.textBody).not.toContain("Cedar House");
    await invited(dayId, "Wei Zhang 张伟");
    // The third applicant finds the day full.
    const third = await approvedApplication("Third Member");
    const full = await post(server, `/console/ceremonies/${dayId}`, keeperCookie, {
      intent: "invite",
      applicationId: third,
    });
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("Every place on this day is taken.");

    const cookie = member("Agnieszka Wróbel").cookie;
    expect(await (await get(server, "/dashboard", cookie)).text()).toContain("You are invited to a ceremony day");
    expect(await (await get(server, "/ceremony", cookie)).text()).toContain("Accept This Place");
    // No document before the place is accepted.
    expect((await get(server, `/ceremony/${placeId}/client-information`, cookie)).status).toBe(404);
    const accepted = await post(server, "/ceremony", cookie, { intent: "accept", placeId: String(placeId) });
    expect(accepted.headers.get("location")).toBe("/ceremony?done=accepted");
    const again = await post(server, "/ceremony", cookie, { intent: "decline", placeId: String(placeId) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This invitation has already been answered.");

    // Signing: every question answered and the name typed, or the field's message and nothing stored.
    const missing = await post(
      server,
      `/ceremony/${placeId}/client-information`,
      cookie,
      clientForm("Agnieszka Wróbel", { lithium: "" }),
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please answer yes or no");
    const unsigned = await post(
      server,
      `/ceremony/${placeId}/client-information`,
      cookie,
      clientForm("Agnieszka Wróbel", { signature: "" }),
    );
    expect(await unsigned.text()).toContain("Type your full name to sign");
    expect(await db().select().from(readinessDocuments)).toHaveLength(0);

    const signed = await post(
      server,
      `/ceremony/${placeId}/client-information`,
      cookie,
      clientForm("Agnieszka Wróbel", { lithium: "yes", harmPast: "yes", notes: "Ich möchte ruhig sein. 我需要安静。" }),
    );
    expect(signed.headers.get("location")).toBe(`/ceremony/${placeId}/client-information?done=signed`);
    const [row] = await db().select().from(readinessDocuments).where(eq(readinessDocuments.placeId, placeId));
    expect(row?.version).toBe("2026-11-29");
    expect(row?.userId).toBe(member("Agnieszka Wróbel").account.id);
    expect(row?.sealed).not.toContain("Agnieszka");
    expect(row?.sealed).not.toContain("ruhig");
    const flags = await db().select().from(ceremonyFlags).where(eq(ceremonyFlags.placeId, placeId));
    expect(flags.map((f) => [f.code, f.severity]).sort()).toEqual([
      ["harmPast", "judgement"],
      ["lithium", "excludes"],
    ]);
    // A second signature of the same document is refused until the first is withdrawn.
    const twice = await post(server, `/ceremony/${placeId}/client-information`, cookie, clientForm("Agnieszka Wróbel"));
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("This document is already signed. Withdraw it first to sign it again.");

    // The keepers see what and why, never the answers.
    const board = await (await get(server, `/console/ceremonies/${dayId}`, keeperCookie)).text();
    expect(board).toContain("Lithium in the last 30 days");
    expect(board).toContain("Packet: 1 of 6 signed");
    expect(board).not.toContain("ruhig");

    // The PDF of what was signed, read back by a PDF parser.
    const pdf = await get(server, `/ceremony/${placeId}/client-information/pdf`, cookie);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text;
    expect(text).toContain("Client information form (version 2026-11-29)");
    expect(text).toContain("Have you taken lithium in the last 30 days?");
    expect(text).toContain("Signed by typing the name: Agnieszka Wróbel");
    expect(text).toContain("我需要安静");

    // The member's export holds the place and what they signed, in their words.
    const exported = (await (await get(server, "/profile/export", cookie)).json()) as {
      ceremonies: Array<{
        status: string;
        documents: Array<{ kind: string; signedName: string; answers: { notes: string } }>;
      }>;
    };
    expect(exported.ceremonies[0]?.status).toBe("accepted");
    expect(exported.ceremonies[0]?.documents[0]).toMatchObject({
      kind: "client-information",
      signedName: "Agnieszka Wróbel",
      answers: { notes: "Ich möchte ruhig sein. 我需要安静。" },
    });

    // Another member reaches none of it.
    const other = member("Wei Zhang 张伟").cookie;
    expect((await get(server, `/ceremony/${placeId}/client-information`, other)).status).toBe(404);
    expect((await get(server, `/ceremony/${placeId}/client-information/pdf`, other)).status).toBe(404);
    expect((await post(server, `/ceremony/${placeId}/client-information`, other, { intent: "withdraw" })).status).toBe(
      404,
    );
    expect((await post(server, "/ceremony", other, { intent: "decline", placeId: String(placeId) })).status).toBe(404);

    // Withdrawn: kept and marked, its flags no longer shown, and it can be signed again.
    const withdrawn = await post(server, `/ceremony/${placeId}/client-information`, cookie, { intent: "withdraw" });
    expect(withdrawn.headers.get("location")).toBe(`/ceremony/${placeId}/client-information?done=withdrawn`);
    const [kept] = await db()
      .select()
      .from(readinessDocuments)
      .where(eq(readinessDocuments.id, row?.id ?? ""));
    expect(kept?.withdrawnAt).toBeInstanceOf(Date);
    expect(await (await get(server, `/console/ceremonies/${dayId}`, keeperCookie)).text()).not.toContain(
      "Lithium in the last",
    );
    expect((await get(server, `/ceremony/${placeId}/client-information/pdf`, cookie)).status).toBe(404);
    const resigned = await post(
      server,
      `/ceremony/${placeId}/client-information`,
      cookie,
      clientForm("Agnieszka Wróbel"),
    );
    expect(resigned.status).toBe(303);
  });

  it("thoughts of harm now: the crisis lines at once and an urgent notice to the keepers, with nothing written", async () => {
    const dayId = await schedule();
    const placeId = await invited(dayId, "Third Member");
    const cookie = member("Third Member").cookie;
    await post(server, "/ceremony", cookie, { intent: "accept", placeId: String(placeId) });
    const res = await post(
      server,
      `/ceremony/${placeId}/client-information`,
      cookie,
      clientForm("Third Member", { harmNow: "yes", notes: "private words" }),
    );
    expect(res.headers.get("location")).toBe(`/ceremony/${placeId}/client-information?done=signed-care`);
    expect(await (await get(server, res.headers.get("location") ?? "", cookie)).text()).toContain("988");
    const [notice] = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "ceremony.flag"));
    expect(notice?.subject).toMatch(/^Urgent: /);
    expect(notice?.textBody).not.toContain("private words");
    expect(notice?.textBody).toContain(`/console/ceremonies/${dayId}`);
  });

  it("signs the other documents with their own messages", async () => {
    const dayId = await schedule();
    const placeId = await invited(dayId, "Wei Zhang 张伟");
    const cookie = member("Wei Zhang 张伟").cookie;
    await post(server, "/ceremony", cookie, { intent: "accept", placeId: String(placeId) });
    const sign = (kind: string, fields: Record<string, string>) =>
      post(server, `/ceremony/${placeId}/${kind}`, cookie, { intent: "sign", signature: "Wei Zhang 张伟", ...fields });
    const noDriving = await sign("transportation", { driverName: "Li Na", driverPhone: "+15055550123", noDriving: "" });
    expect(await noDriving.text()).toContain("Please confirm that you will not drive on the day of your ceremony");
    const rights = await sign("rights", {});
    expect(await rights.text()).toContain("Please confirm that you have read your rights");
    for (const [kind, fields] of OTHER_DOCUMENTS) {
      expect((await sign(kind, fields)).status, kind).toBe(303);
    }
    expect(await (await get(server, "/ceremony", cookie)).text()).toContain("Your readiness packet: 5 of 6 signed");
  });
});

describeEachBackend("ceremonies while paused", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());

  it("offers members nothing, shows keepers the banner, and audits the setting's change", async () => {
    const keeper = await createAccount(server, "keeper", "Paused Keeper");
    const { cookie: keeperCookie } = await signInStaff(server, keeper);
    const account = await createAccount(server, "member", "Paused Member");
    const { cookie } = await signIn(server, account.username, account.password);
    // Keepers prepare a day and invite; the member is told nothing and offered nothing.
    const db = server.database.db;
    const applicationId = await approved(server, account, "Paused Member");
    const scheduled = await postFields(server, "/console/ceremonies", keeperCookie, dayFields(keeper.id));
    const dayPath = (scheduled.headers.get("location") ?? "").split("?")[0] ?? "";
    expect(dayPath).toMatch(/^\/console\/ceremonies\/\d+$/);
    expect((await post(server, dayPath, keeperCookie, { intent: "invite", applicationId })).status).toBe(303);
    expect(await db.select().from(ceremonyPlaces).where(eq(ceremonyPlaces.userId, account.id))).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "ceremony.invited"))).toHaveLength(0);
    expect(await (await get(server, "/dashboard", cookie)).text()).not.toContain("You are invited to a ceremony day");
    expect(await (await get(server, dayPath, keeperCookie)).text()).toContain("Paused Member");
    expect(await (await get(server, "/ceremony", cookie)).text()).toContain("Ceremonies are paused.");
    expect((await post(server, "/ceremony", cookie, { intent: "accept", placeId: "1" })).status).toBe(404);
    expect((await get(server, "/ceremony/1/client-information", cookie)).status).toBe(404);
    expect(await (await get(server, "/console/ceremonies", keeperCookie)).text()).toContain(
      "Ceremonies are paused: nothing here is offered to members until they resume.",
    );
    // Paused is where every congregation begins; opening and pausing again are each one audit row.
    expect(await recordCeremoniesSetting(db, "paused")).toBe(false);
    expect(await recordCeremoniesSetting(db, "open")).toBe(true);
    expect(await recordCeremoniesSetting(db, "open")).toBe(false);
    expect(await recordCeremoniesSetting(db, "paused")).toBe(true);
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, AUDIT_ACTIONS.ceremoniesOpened));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toEqual({ setting: "CEREMONIES", from: "paused", to: "open" });
  });
});
