import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, facilitatorShares, rateLimits } from "../../db/schema";
import { createAccount, get, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/*
 * Issue 45, findings 1 and 4.
 * 1. A keeper opening an anonymous share wrote an audit entry naming the member: /console/audit
 *    showed "Concerning <name> · shareId: 4" and `?person=` found it. It names no one now, and the
 *    member still sees who read it (their page, their Facilitator Circle, their export).
 * 2. Opening a conversation by GET marked it read: a link from another site (the session cookie
 *    goes along with a top-level navigation) cleared "Messages (N new)" and recorded a lured
 *    keeper's read. Only the site's own request does now (`Sec-Fetch-Site`: same-origin or none),
 *    or the page's own post.
 */

const TIMEOUT = 300_000;

describeEachBackend("conversations: anonymous reads and reads by the site's own request", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let keeper: TestAccount;
  let keeperCookie: string;
  let otherKeeperCookie: string;
  let adminCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server, "member", "Wiremu Tamihana");
    cookie = (await signIn(server, member.username, member.password)).cookie;
    keeper = await createAccount(server, "keeper", "Elena Keeper");
    ({ cookie: keeperCookie } = await signInStaff(server, keeper));
    ({ cookie: otherKeeperCookie } = await signInStaff(server, await createAccount(server, "keeper", "Tomas Keeper")));
    ({ cookie: adminCookie } = await signInStaff(server, await createAccount(server, "admin", "Ada Admin")));
  }, TIMEOUT);
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const db = () => server.database.db;
  async function share(content: string, anonymous = false) {
    const fields: Record<string, string> = { intent: "share", kind: "message", content };
    if (anonymous) fields.anonymous = "on";
    expect((await post(server, "/integration", cookie, fields)).status).toBe(303);
    const rows = await db().select().from(facilitatorShares).where(eq(facilitatorShares.userId, member.id));
    return rows.sort((a, b) => b.id - a.id)[0]?.id ?? 0;
  }
  /** A GET with the session cookie, as the browser sends it when another site (or nothing) led there. */
  const arrive = (path: string, who: string, fetchSite?: "cross-site" | "same-site") =>
    fetch(`${server.url}${path}`, {
      headers: fetchSite ? { cookie: who, "Sec-Fetch-Site": fetchSite, "Sec-Fetch-Mode": "navigate" } : { cookie: who },
      redirect: "manual",
    });
  const readsOf = (id: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "share.read"), sql`${auditLog.detail}->>'shareId' = ${String(id)}`));
  const newCount = async () =>
    (await (await get(server, "/dashboard", cookie)).text()).match(/Messages \((\d+) new\)/)?.[1] ?? "0";

  it(
    "names no member in the audit of an anonymous share's read, and the member still sees who read it",
    async () => {
      const anonymous = await share("Please keep my name out of this: cedar-lantern-4417.", true);
      const named = await share("This one may carry my name.");
      expect((await get(server, `/console/shares/${anonymous}`, keeperCookie)).status).toBe(200);
      expect((await get(server, `/console/shares/${named}`, keeperCookie)).status).toBe(200);

      // The entry: no subject, only that the share was anonymous.
      const [entry] = await readsOf(anonymous);
      expect(entry?.subjectUserId).toBeNull();
      expect(entry?.detail).toEqual({ shareId: anonymous, anonymous: true });

      // The admin's audit page: the read is there, as "Anonymous member", without the member's name or links.
      const audit = await (await get(server, "/console/audit?action=share.read", adminCookie)).text();
      const rowOf = (html: string, id: number) =>
        html
          .split("<tr")
          .map((row) => row.split("</tr>")[0] ?? "")
          .find((row) => row.includes(`shareId: ${id}`) && row.includes("share.read")) ?? "";
      const anonymousRow = rowOf(audit, anonymous);
      expect(anonymousRow).toContain("Elena Keeper");
      expect(anonymousRow).toContain("Anonymous member");
      expect(anonymousRow).not.toContain("Wiremu");
      expect(anonymousRow).not.toContain(member.id);
      // The named share's read still names its member (and links their account).
      expect(rowOf(audit, named)).toContain("Wiremu Tamihana");
      expect(rowOf(audit, named)).toContain(`/console/members/${member.id}`);
      const everything = await (await get(server, "/console/audit", adminCookie)).text();
      expect(rowOf(everything, anonymous)).not.toContain("Wiremu");

      // Searching by the member finds the named share's read, never the anonymous one's.
      const byPerson = await (await get(server, `/console/audit?person=${member.id}`, adminCookie)).text();
      expect(byPerson).toContain(`shareId: ${named}`);
      expect(byPerson).not.toContain(`shareId: ${anonymous}`);

      // The member sees who read it: on its page, in the Facilitator Circle and in their export.
      const page = await (await get(server, `/integration/shares/${anonymous}`, cookie)).text();
      expect(page).toMatch(/<li>Elena Keeper, [^<]+<\/li>/);
      const circle = await (await get(server, "/integration?mode=facilitated", cookie)).text();
      expect(circle).toMatch(/<li>Elena Keeper, [^<]+<\/li>/);
      const exported = JSON.parse(await (await get(server, "/profile/export", cookie)).text()) as {
        facilitatorShareReadsByStaff: Array<{ actorName: string }>;
      };
      expect(exported.facilitatorShareReadsByStaff.map((r) => r.actorName)).toEqual(["Elena Keeper", "Elena Keeper"]);
    },
    TIMEOUT,
  );

  it(
    "leaves a conversation unread when another site's link opens it, and reads it by the site's own request",
    async () => {
      const id = await share("I keep dreaming of water.");
      const here = `/integration/shares/${id}`;
      const reply = {
        intent: "reply",
        reply: "Water often carries what we cannot yet say.",
        _key: "cross-site-read-0001",
      };
      expect((await post(server, `/console/shares/${id}`, keeperCookie, reply)).status).toBe(303);
      expect(await newCount()).toBe("1");
      const unreadAt = (await db().select().from(facilitatorShares).where(eq(facilitatorShares.id, id)))[0]
        ?.memberReadAt;

      // Another site's link, and a request that says nothing of where it came from: shown, still new.
      for (const site of ["cross-site", "same-site", undefined] as const) {
        const res = await arrive(here, cookie, site);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("Water often carries what we cannot yet say.");
        expect(html).toContain("Mark as read");
        expect(html).toContain("Messages (1 new)");
        expect(await newCount()).toBe("1");
      }
      const [after] = await db().select().from(facilitatorShares).where(eq(facilitatorShares.id, id));
      expect(after?.memberReadAt).toEqual(unreadAt);

      // The page's own post reads it.
      const marked = await post(server, here, cookie, { intent: "read" });
      expect(marked.status).toBe(303);
      expect(marked.headers.get("location")).toBe(here);
      expect(await newCount()).toBe("0");
      // ... and another member's conversation cannot be marked.
      const stranger = await createAccount(server, "member", "Someone Else");
      const strangerCookie = (await signIn(server, stranger.username, stranger.password)).cookie;
      expect((await post(server, here, strangerCookie, { intent: "read" })).status).toBe(404);

      // A link on the site (and a typed address) reads it as it opens.
      const again = { ...reply, reply: "And what does the water do?", _key: "cross-site-read-0002" };
      expect((await post(server, `/console/shares/${id}`, keeperCookie, again)).status).toBe(303);
      expect(await newCount()).toBe("1");
      const own = await (await get(server, here, cookie)).text();
      expect(own).not.toContain("Mark as read");
      expect(own).not.toContain("new)");
      expect(await newCount()).toBe("0");
      const third = { ...reply, reply: "Take your time.", _key: "cross-site-read-0003" };
      expect((await post(server, `/console/shares/${id}`, keeperCookie, third)).status).toBe(303);
      const typed = await fetch(`${server.url}${here}`, { headers: { cookie, "Sec-Fetch-Site": "none" } });
      expect(await typed.text()).not.toContain("Mark as read");
      expect(await newCount()).toBe("0");
    },
    TIMEOUT,
  );

  it(
    "records no keeper's read when another site's link opens a share, and opens it on the keeper's own press",
    async () => {
      const id = await share("Only my keeper should read this: juniper-kite-8830.");
      const desk = `/console/shares/${id}`;
      for (const site of ["cross-site", "same-site", undefined] as const) {
        const res = await arrive(desk, otherKeeperCookie, site);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).not.toContain("juniper-kite-8830");
        expect(html).toContain("Open the Conversation");
      }
      expect(await readsOf(id)).toHaveLength(0);
      const memberPage = await (await get(server, `/integration/shares/${id}`, cookie)).text();
      expect(memberPage).toContain("No keeper has opened it yet.");

      // The keeper's own press opens it: recorded once, and the page shows it from then on.
      const opened = await post(server, desk, otherKeeperCookie, { intent: "open" });
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe(desk);
      expect(await readsOf(id)).toHaveLength(1);
      expect(await (await arrive(desk, otherKeeperCookie)).text()).toContain("juniper-kite-8830");
      expect(await readsOf(id)).toHaveLength(1);
      expect(await (await get(server, `/integration/shares/${id}`, cookie)).text()).toMatch(
        /<li>Tomas Keeper, [^<]+<\/li>/,
      );

      // A console link (same-origin) opens and records it at once.
      expect(await (await get(server, desk, keeperCookie)).text()).toContain("juniper-kite-8830");
      expect((await readsOf(id)).map((r) => r.actorName).sort()).toEqual(["Elena Keeper", "Tomas Keeper"]);
      expect((await post(server, "/console/shares/999999", keeperCookie, { intent: "open" })).status).toBe(404);
    },
    TIMEOUT,
  );
});
