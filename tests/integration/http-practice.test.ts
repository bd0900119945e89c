import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { checklistTicks, meditationSits } from "../../db/schema";
import { get, post, type TestAccount, twoMembers } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

describeEachBackend("preparation, meditations and resources over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let other: TestAccount;
  let cookie: string;
  let otherCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    ({ member, cookie, other, otherCookie } = await twoMembers(server));
  });
  afterAll(() => server.close());

  it("stores checklist ticks per member, unticks, and resets for the next ceremony", async () => {
    const ticked = await post(server, "/preparation-guide", cookie, { item: "water", checked: "true" });
    // Without JavaScript: redirect after post, back to the guide saying the checklist is saved.
    expect(ticked.status).toBe(303);
    expect(ticked.headers.get("location")).toBe("/preparation-guide?done=saved");
    expect(await (await get(server, "/preparation-guide?done=saved", cookie)).text()).toContain(
      "Your checklist is saved.",
    );
    expect((await post(server, "/preparation-guide", cookie, { item: "phone", checked: "true" })).status).toBe(303);
    const unknown = await post(server, "/preparation-guide", cookie, { item: "not-an-item", checked: "true" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown checklist item.");
    const mine = await server.database.db.select().from(checklistTicks).where(eq(checklistTicks.userId, member.id));
    expect(mine.map((t) => t.itemId).sort()).toEqual(["phone", "water"]);
    expect(await (await get(server, "/preparation-guide", cookie)).text()).toContain("2 of 10 done");
    expect(await (await get(server, "/preparation-guide", otherCookie)).text()).toContain("0 of 10 done");
    await post(server, "/preparation-guide", cookie, { item: "water", checked: "false" });
    expect(await (await get(server, "/preparation-guide", cookie)).text()).toContain("1 of 10 done");
    await post(server, "/preparation-guide", cookie, { intent: "reset" });
    expect(
      await server.database.db.select().from(checklistTicks).where(eq(checklistTicks.userId, member.id)),
    ).toHaveLength(0);
  });

  it("records a completed sit within the practice's length, and refuses anything else", async () => {
    const ok = await post(server, "/meditations", cookie, {
      intent: "complete",
      meditationId: "calming-breath",
      seconds: "600",
      _key: "sit-key-000000000001",
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/meditations?done=completed");
    // The same sit posted again (a retry after a lost answer) is counted once.
    const again = await post(server, "/meditations", cookie, {
      intent: "complete",
      meditationId: "calming-breath",
      seconds: "600",
      _key: "sit-key-000000000001",
    });
    expect(again.status).toBe(303);
    for (const fields of [
      { intent: "complete", meditationId: "calming-breath", seconds: "3600" },
      { intent: "complete", meditationId: "calming-breath", seconds: "10" },
      { intent: "complete", meditationId: "no-such-practice", seconds: "600" },
      { intent: "complete", meditationId: "calming-breath", seconds: "ten" },
    ]) {
      expect((await post(server, "/meditations", cookie, fields)).status).toBe(400);
    }
    expect(
      (
        await post(server, "/meditations", cookie, {
          intent: "complete",
          meditationId: "open-sitting",
          seconds: "2700",
        })
      ).status,
    ).toBe(303);
    const sits = await server.database.db.select().from(meditationSits).where(eq(meditationSits.userId, member.id));
    expect(sits.map((s) => [s.meditationId, s.seconds])).toEqual([
      ["calming-breath", 600],
      ["open-sitting", 2700],
    ]);
    expect(await (await get(server, "/meditations", cookie)).text()).toContain(
      "You have completed this practice 1 time.",
    );
    expect(await (await get(server, "/meditations", otherCookie)).text()).not.toContain(
      "You have completed this practice",
    );
  });

  it("without JavaScript, offers each practice's guidance and a form that records the sit", async () => {
    const html = await (await get(server, "/meditations", otherCookie)).text();
    expect(html).toContain("Without JavaScript the timer and bell cannot run");
    // The practice of flexible length: its guidance, and one button per length on the timer's post.
    const form = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)]
      .map((m) => m[1] ?? "")
      .find((body) => body.includes('name="meditationId" value="open-sitting"'));
    expect(form).toBeDefined();
    const hidden = Object.fromEntries(
      [...(form ?? "").matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    expect(hidden).toMatchObject({ intent: "complete", meditationId: "open-sitting" });
    expect(hidden._key).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    const lengths = [...(form ?? "").matchAll(/<button[^>]*\sname="seconds"[^>]*>/g)].map(
      (m) => m[0].match(/\svalue="(\d+)"/)?.[1],
    );
    expect(lengths).toEqual(["300", "600", "900", "1200", "1800", "2700"]);
    expect(html).toContain("Record 20 minutes");
    // The button pressed sends its length; the same page posted twice records one sit.
    for (let i = 0; i < 2; i++) {
      const res = await post(server, "/meditations", otherCookie, { ...hidden, seconds: "1200" });
      expect(res.status).toBe(303);
    }
    const sits = await server.database.db.select().from(meditationSits).where(eq(meditationSits.userId, other.id));
    expect(sits.map((s) => [s.meditationId, s.seconds])).toEqual([["open-sitting", 1200]]);
  });

  it("links every resource to a page of this site that exists, or opens outside links safely", async () => {
    const html = await (await get(server, "/resources", cookie)).text();
    for (const title of ["Sacred Literature", "Wisdom Articles", "Sacred Tools", "Visual Teachings"])
      expect(html).toContain(title);
    const external = [...html.matchAll(/<a [^>]*href="(https?:[^"]+)"[^>]*>/g)];
    expect(external.length).toBeGreaterThan(8);
    for (const [tag] of external) {
      expect(tag).toContain('target="_blank"');
      expect(tag).toContain('rel="noopener noreferrer"');
    }
    const internal = [...html.matchAll(/<a [^>]*href="(\/(?:magic|journals|preparation-guide)[^"]*)"/g)].map(
      (m) => m[1] as string,
    );
    expect(internal.length).toBeGreaterThan(2);
    for (const path of internal) expect((await get(server, path, cookie)).status, path).toBe(200);
  });
});
