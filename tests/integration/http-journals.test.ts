import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { journalEntries } from "../../db/schema";
import { createAccount, get, signIn, type TestAccount } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

const entry = {
  intent: "create",
  title: "After the river ceremony",
  content: "I felt the old grief loosen, like ice on a spring river.",
  intensity: "7",
  ceremonyContext: "ceremony",
};
/** A form body with repeated checkbox fields, as the browser sends it. */
const withChoices = (fields: Record<string, string>, emotions: string[], sensations: string[] = []) => {
  const body = new URLSearchParams(fields);
  for (const e of emotions) body.append("emotions", e);
  for (const s of sensations) body.append("bodySensations", s);
  return body;
};

describeEachBackend("journals over HTTP", (backend) => {
  let server: TestServer;
  let member: TestAccount;
  let cookie: string;
  let otherCookie: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    member = await createAccount(server, "member", "Maya Rivers");
    ({ cookie } = await signIn(server, member.username, member.password));
    const other = await createAccount(server, "member", "Other Member");
    ({ cookie: otherCookie } = await signIn(server, other.username, other.password));
  });
  afterAll(() => server.close());

  const send = (path: string, body: URLSearchParams, as = cookie) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, cookie: as },
      body,
      redirect: "manual",
    });

  it("saves an entry with its choices, encrypted at rest, and lists it newest first", async () => {
    const res = await send("/journals", withChoices(entry, ["Peace", "Gratitude"], ["Warmth", "Heart Opening"]));
    // Without JavaScript: redirect after post, to the journal saying the entry was saved.
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/journals?done=saved");
    const landed = await (await get(server, "/journals?done=saved", cookie)).text();
    expect(landed).toContain("Sacred Entry Saved");
    expect(landed).toContain("Your reflection has been preserved in your journal.");
    const [row] = await server.database.db.select().from(journalEntries).where(eq(journalEntries.userId, member.id));
    expect(row).toMatchObject({
      emotions: ["Peace", "Gratitude"],
      bodySensations: ["Warmth", "Heart Opening"],
      intensity: 7,
      ceremonyContext: "ceremony",
    });
    const dump = (await server.database.db.execute(
      sql`select to_jsonb(j)::text as row from journal_entries j`,
    )) as unknown as { rows: unknown[] };
    expect(JSON.stringify(dump.rows)).not.toContain("old grief");
    expect(JSON.stringify(dump.rows)).not.toContain("river ceremony");

    await send(
      "/journals",
      withChoices({ ...entry, title: "A quiet morning", content: "Only birdsong and the kettle." }, []),
    );
    const html = await (await get(server, "/journals", cookie)).text();
    expect(html.indexOf("A quiet morning")).toBeLessThan(html.indexOf("After the river ceremony"));
    expect(html).toContain("intensity 7/10");
  });

  it("defaults intensity to 5 and refuses bad input with SPEC.md's messages, storing nothing", async () => {
    const before = await server.database.db.select().from(journalEntries);
    const cases: Array<[Record<string, string>, string[], string]> = [
      [{ ...entry, title: "  " }, [], "Title is required"],
      [{ ...entry, title: "x".repeat(101) }, [], "Title must be less than 100 characters"],
      [{ ...entry, content: "too short" }, [], "Please write at least 10 characters"],
      [{ ...entry, content: "x".repeat(5001) }, [], "Content must be less than 5000 characters"],
      [{ ...entry, intensity: "11" }, [], "Intensity must be a whole number from 1 to 10"],
      [{ ...entry }, ["Smugness"], "Please choose from the listed options"],
      [{ ...entry, ceremonyContext: "party" }, [], "Please choose from the listed options"],
    ];
    for (const [fields, emotions, message] of cases) {
      const res = await send("/journals", withChoices(fields, emotions));
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(await server.database.db.select().from(journalEntries)).toHaveLength(before.length);
    const { intensity: _, ...noIntensity } = entry;
    expect((await send("/journals", withChoices({ ...noIntensity, title: "Default intensity" }, []))).status).toBe(303);
    const rows = await server.database.db.select().from(journalEntries).where(eq(journalEntries.intensity, 5));
    expect(rows).toHaveLength(1);
  });

  it("opens, edits and deletes the member's own entries; another member gets 404 and changes nothing", async () => {
    const [row] = await server.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.userId, member.id))
      .limit(1);
    const path = `/journals/${row?.id}`;
    expect((await get(server, path, cookie)).status).toBe(200);
    expect((await get(server, path, otherCookie)).status).toBe(404);
    const forgedEdit = await send(path, withChoices({ ...entry, intent: "update", title: "Stolen" }, []), otherCookie);
    expect(forgedEdit.status).toBe(404);
    const forgedDelete = await send(path, new URLSearchParams({ intent: "delete" }), otherCookie);
    expect(forgedDelete.status).toBe(404);
    expect(
      await server.database.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, row?.id ?? "")),
    ).toHaveLength(1);
    expect(await (await get(server, "/journals?q=river", otherCookie)).text()).not.toContain("river ceremony");

    const edited = await send(path, withChoices({ ...entry, intent: "update", title: "Renamed reflection" }, ["Awe"]));
    expect(edited.status).toBe(303);
    expect(edited.headers.get("location")).toBe(`${path}?done=saved`);
    const shown = await (await get(server, `${path}?done=saved`, cookie)).text();
    expect(shown).toContain("Renamed reflection");
    expect(shown).toContain("Sacred Entry Saved");
    const deleted = await send(path, new URLSearchParams({ intent: "delete" }));
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/journals?done=deleted");
    expect(await (await get(server, "/journals?done=deleted", cookie)).text()).toContain("The entry was deleted.");
    expect((await get(server, path, cookie)).status).toBe(404);
  });

  it("keeps what was typed after an error, in the page a browser without JavaScript gets", async () => {
    const res = await send(
      "/journals",
      withChoices({ ...entry, title: "Kept <title>", content: "short" }, ["Peace", "Awe"], ["Warmth"]),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please write at least 10 characters");
    expect(html).toContain('value="Kept &lt;title&gt;"');
    expect(html).toContain(">short</textarea>");
    const ticked = (value: string) => new RegExp(`<input(?=[^>]*value="${value}")(?=[^>]*checked="")`);
    expect(html).toMatch(ticked("Peace"));
    expect(html).toMatch(ticked("Warmth"));
    expect(html).not.toMatch(ticked("Joy"));
    expect(html).toMatch(/<option value="ceremony" selected="">/);
  });

  it("stores an entry posted twice with the same one-time key once, and an edit once", async () => {
    const count = async () =>
      (await server.database.db.select().from(journalEntries).where(eq(journalEntries.userId, member.id))).length;
    const before = await count();
    const key = "journal-key-0000-twice";
    const body = withChoices({ ...entry, title: "Only once", _key: key }, ["Peace"]);
    const [first, second] = [await send("/journals", body), await send("/journals", body)];
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await count()).toBe(before + 1);
    // A new key is a new entry.
    await send("/journals", withChoices({ ...entry, title: "Only once", _key: "journal-key-0000-other" }, []));
    expect(await count()).toBe(before + 2);
  });

  it("searches case-insensitively and pages through the archive without repeating an entry", async () => {
    const many = Array.from({ length: 45 }, (_, i) => i);
    for (const i of many) {
      await send(
        "/journals",
        withChoices(
          {
            ...entry,
            title: `Evening ${i}`,
            content: i === 7 ? "A HERON stood in the shallows." : "Ordinary evening reflection.",
          },
          [],
        ),
      );
    }
    const found = await (await get(server, "/journals?q=heron", cookie)).text();
    expect(found).toContain("Evening 7");
    expect(found).not.toContain("Evening 8<");
    const first = await (await get(server, "/journals", cookie)).text();
    const after = first.match(/\?after=([A-Za-z0-9_-]+)/)?.[1];
    expect(after).toBeTruthy();
    const second = await (await get(server, `/journals?after=${after}`, cookie)).text();
    const titles = (html: string) => [...html.matchAll(/>(Evening \d+)</g)].map((m) => m[1]);
    expect(titles(first)).toHaveLength(20);
    expect(titles(second).length).toBeGreaterThan(0);
    expect(titles(first).filter((t) => titles(second).includes(t))).toEqual([]);
  });

  it("searches by words and their beginnings through a blind index, in any script, without plaintext at rest", async () => {
    const search = async (q: string, as = cookie) =>
      (await get(server, `/journals?q=${encodeURIComponent(q)}`, as)).text();
    await send(
      "/journals",
      withChoices(
        { ...entry, title: "Lighthouse vigil", content: "Zoë and I watched the keeper's lamp. 我们在河边看光。" },
        ["Awe"],
      ),
    );
    for (const q of ["lighthouse", "LIGHT", "zoe", "lamp keeper", "光", "awe"]) {
      expect(await search(q), q).toContain("Lighthouse vigil");
    }
    for (const q of ["lighthearted", "ighthouse", "lamp river", "!!!"]) {
      expect(await search(q), q).not.toContain("Lighthouse vigil");
    }
    // Another member's search, even for the same words, finds nothing of this journal.
    expect(await search("lighthouse", otherCookie)).not.toContain("Lighthouse vigil");

    const [row] = await server.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.userId, member.id))
      .orderBy(sql`${journalEntries.createdAt} desc`)
      .limit(1);
    const stored = JSON.stringify(row);
    // Words of five letters or more, and non-ASCII ones: the base64 of the ciphertext and the hashes
    // may hold any shorter run of letters by chance.
    for (const plain of ["Lighthouse", "lighthouse", "light", "vigil", "keeper", "Zoë", "河边"]) {
      expect(stored).not.toContain(plain);
    }
    expect(row?.searchTerms?.length).toBeGreaterThan(10);

    // An entry written before the index existed is indexed on its member's first search.
    const newcomer = await createAccount(server, "member", "Ines Oldwriter");
    const { cookie: newcomerCookie } = await signIn(server, newcomer.username, newcomer.password);
    await send("/journals", withChoices({ ...entry, title: "Written long ago" }, []), newcomerCookie);
    const [old] = await server.database.db.select().from(journalEntries).where(eq(journalEntries.userId, newcomer.id));
    await server.database.db
      .update(journalEntries)
      .set({ searchTerms: null })
      .where(eq(journalEntries.id, old?.id ?? ""));
    expect(await search("long ago", newcomerCookie)).toContain("Written long ago");
    const [again] = await server.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, old?.id ?? ""));
    expect(again?.searchTerms).toEqual(old?.searchTerms);
  });

  it("exports the member's entries, decrypted, with the rest of their data", async () => {
    const body = await (await get(server, "/profile/export", cookie)).json();
    expect(body.journalEntries.some((e: { content: string }) => e.content === "A HERON stood in the shallows.")).toBe(
      true,
    );
    const theirs = await (await get(server, "/profile/export", otherCookie)).json();
    expect(theirs.journalEntries).toEqual([]);
  });
});
