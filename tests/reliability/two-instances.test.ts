import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../app/lib/dates";
import { bookableRange, SLOT_ZONE } from "../../app/modules/bookings/time";
import type { Database } from "../../db/client";
import { bookings } from "../../db/schema";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { type PaypalStandIn, startPaypalStandIn } from "../support/paypal-stand-in";
import {
  createMembers,
  createScratchDatabase,
  type Member,
  openScratch,
  POSTGRES_URL,
  postgresNote,
  type ScratchDatabase,
} from "./support/env";
import { journalForm, read, send, signInAt } from "./support/http";

/** A client address of its own (the apps trust X-Forwarded-For), so one limit cannot trip another test's. */
let addresses = 0;
const fromNewAddress = () => ({ "X-Forwarded-For": `198.51.100.${++addresses}` });

describe.skipIf(!POSTGRES_URL)(`two app instances on one PostgreSQL${postgresNote}`, () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let paypal: PaypalStandIn;
  let a: AppProcess;
  let b: AppProcess;
  let members: Member[];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    database = await openScratch(scratch.url);
    members = await createMembers(database, 2);
    paypal = await startPaypalStandIn();
    const env = { DATABASE_URL: scratch.url, TRUST_PROXY: "true", PAYPAL_API_URL: paypal.url };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await paypal?.close();
    await database?.close();
    await scratch?.drop();
  });

  it("honours a session made on one instance on the other, and its sign-out on both", async () => {
    const [member] = members as [Member];
    const cookie = await signInAt(a, member.username, member.password, fromNewAddress());
    expect((await read(b, "/journals", cookie)).status).toBe(200);
    const saved = await send(b, "/journals", journalForm("Written on B", "Saved through the second instance."), {
      cookie,
    });
    expect(saved.status).toBe(303);
    expect(await (await read(a, "/journals?q=written%20on%20b", cookie)).text()).toContain("Written on B");

    const out = await send(b, "/sign-out", {}, { cookie });
    expect(out.status).toBe(302);
    const after = await read(a, "/journals", cookie);
    expect(after.status, "signed out everywhere").toBe(302);
    expect(after.headers.get("location") ?? "").toContain("/sacred-access");
  });

  it("holds the guide chat's 5 messages per 15 minutes across both instances", async () => {
    const visitor = fromNewAddress();
    const chat = (app: AppProcess) => send(app, "/guide-chat", { message: "Where do I begin?" }, { headers: visitor });
    const statuses: number[] = [];
    for (const app of [a, b, a, b, a, b, a]) statuses.push((await chat(app)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another visitor is not affected.
    expect((await send(b, "/guide-chat", { message: "Hello" }, { headers: fromNewAddress() })).status).toBe(200);
  });

  it("holds the sign-in limits (5 failures per account and address, 30 per address) across both instances", async () => {
    const [, member] = members as [Member, Member];
    const attempt = (app: AppProcess, password: string, headers: Record<string, string>) =>
      send(app, "/sacred-access", { emailOrUsername: member.username, password, redirectTo: "" }, { headers });
    const guesser = fromNewAddress();
    for (let i = 0; i < 5; i++) expect((await attempt(i % 2 ? b : a, "wrong-password", guesser)).status).toBe(401);
    // Even the right password is refused now from that address, on either instance...
    expect((await attempt(a, member.password, guesser)).status).toBe(429);
    expect((await attempt(b, member.password, guesser)).status).toBe(429);
    // ...while the member, from their own address, still signs in (docs/decisions/007).
    expect((await attempt(b, member.password, fromNewAddress())).status).toBe(303);

    const address = fromNewAddress();
    const guess = (app: AppProcess, i: number) =>
      send(
        app,
        "/sacred-access",
        { emailOrUsername: `nobody${i}`, password: "guess-1234", redirectTo: "" },
        { headers: address },
      );
    for (let i = 0; i < 30; i++) expect((await guess(i % 2 ? b : a, i)).status, `guess ${i + 1}`).toBe(401);
    expect((await guess(a, 30)).status).toBe(429);
    expect((await guess(b, 31)).status).toBe(429);
  });

  it("gives exactly one booking when 20 people try one slot at once through both instances", async () => {
    const slot = { offerId: "preparation", day: bookableRange().first, time: "20:00" };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(
          i % 2 ? b : a,
          "/bookings",
          { ...slot, fullName: `Seeker ${String.fromCharCode(65 + i)}`, email: `seeker${i}@example.org` },
          { headers: fromNewAddress() },
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const startsAt = zonedInstant(slot.day, slot.time, SLOT_ZONE);
    const active = await database.db
      .select()
      .from(bookings)
      .where(
        and(eq(bookings.startsAt, startsAt), inArray(bookings.status, ["held", "requested", "approved", "confirmed"])),
      );
    expect(active).toHaveLength(1);
  });
});
