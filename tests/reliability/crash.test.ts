import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyringFor, openJson } from "../../app/lib/encryption.server";
import type { Database } from "../../db/client";
import { journalEntries } from "../../db/schema";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { TEST_SECRETS } from "../support/secrets";
import {
  createMembers,
  createScratchDatabase,
  openScratch,
  POSTGRES_URL,
  postgresNote,
  type ScratchDatabase,
  sleep,
  waitFor,
  withDataDir,
} from "./support/env";
import { journalForm, read, send, signInAt } from "./support/http";

/** One POST /journals and what its client learnt. "unknown": the connection died before an answer. */
interface Attempt {
  member: number;
  title: string;
  content: string;
  outcome: "pending" | "acked" | "refused" | "unknown";
  status?: number;
}

const MEMBERS = 4;
const WRITERS_PER_MEMBER = 2;
// Once a round's writes flow, the kill lands this much later: at different moments of the stream.
const KILL_AFTER_MS = [0, 500, 1500];
/** Of the MEMBERS × WRITERS_PER_MEMBER writers, at least this many must be cut off mid-save by each kill. */
const MIN_IN_FLIGHT = (MEMBERS * WRITERS_PER_MEMBER) / 2;

/**
 * Several clients save entries until the server is killed with SIGKILL (no shutdown code runs).
 * Every request is recorded, with whether a success answer came back.
 */
async function writeUntilKilled(app: AppProcess, cookies: string[], round: number, attempts: Attempt[], ms: number) {
  const ackedBefore = attempts.filter((a) => a.outcome === "acked").length;
  const writers = cookies.flatMap((cookie, member) =>
    Array.from({ length: WRITERS_PER_MEMBER }, async (_, w) => {
      for (let i = 0; ; i++) {
        const marker = `[${round}.${member}.${w}.${i}]`;
        const attempt: Attempt = {
          member,
          title: `Night ${marker}`,
          content: `Round ${round}: the river kept its course through the night ${marker}.`,
          outcome: "pending",
        };
        attempts.push(attempt);
        try {
          const res = await send(app, "/journals", journalForm(attempt.title, attempt.content), { cookie });
          await res.arrayBuffer();
          attempt.status = res.status;
          attempt.outcome = res.status === 303 ? "acked" : "refused"; // 303: saved (redirect after post)
          if (attempt.outcome === "refused") return; // reported by the test; saved writes go on until the kill
        } catch {
          attempt.outcome = "unknown";
          return;
        }
      }
    }),
  );
  // Kill only once writes are flowing (the first answers after a start take a second or more).
  await waitFor(
    "writes to be acknowledged",
    async () => attempts.filter((a) => a.outcome === "acked").length >= ackedBefore + MEMBERS,
  );
  await sleep(ms);
  const pid = app.child.pid;
  const { code } = await app.stop("SIGKILL");
  await Promise.all(writers);
  // The writes the kill cut off: each writer had one on its way, unless it had stopped.
  const inFlight = attempts.filter((a) => a.title.startsWith(`Night [${round}.`) && a.outcome === "unknown").length;
  return { pid, code, inFlight };
}

/** Every row opens, belongs to a request we sent with exactly what we sent, and none is doubled. */
function checkRows(rows: (typeof journalEntries.$inferSelect)[], attempts: Attempt[], memberIds: string[]) {
  const ring = keyringFor(TEST_SECRETS.DATA_ENCRYPTION_KEY);
  const byTitle = new Map(attempts.map((a) => [a.title, a]));
  const seen = new Set<string>();
  for (const row of rows) {
    const text = openJson<{ title: string; content: string }>(ring, row.sealed, `journal:${row.userId}:${row.id}`);
    const attempt = byTitle.get(text.title);
    expect(attempt, `a row no client sent: ${text.title}`).toBeDefined();
    expect(seen.has(text.title), `stored twice: ${text.title}`).toBe(false);
    seen.add(text.title);
    expect(row.userId).toBe(memberIds[attempt?.member ?? -1]);
    expect(text.content).toBe(attempt?.content);
    expect(row).toMatchObject({ emotions: ["Peace"], bodySensations: ["Warmth"], intensity: 6 });
  }
  const lost = attempts.filter((a) => a.outcome === "acked" && !seen.has(a.title));
  expect(
    lost.map((a) => a.title),
    "acknowledged writes missing after the crashes",
  ).toEqual([]);
  return seen;
}

function crashSuite(backend: "pglite" | "postgres") {
  const attempts: Attempt[] = [];
  const timings: string[] = [];
  let memberIds: string[] = [];
  let cookies: string[] = [];
  let scratch: ScratchDatabase | undefined;
  let dataDir = "";
  let env: Record<string, string> = {};
  let app: AppProcess | undefined;

  /** The test's own read of the database, while no app holds an embedded data directory. */
  async function inspect<T>(work: (database: Database) => Promise<T>): Promise<T> {
    if (backend === "pglite") return withDataDir(dataDir, work);
    const database = await openScratch(scratch?.url ?? "");
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sacred-crash-"));
    if (backend === "postgres") {
      scratch = await createScratchDatabase();
      env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir };
    } else {
      env = { DATA_DIR: dataDir };
    }
    const members = await inspect((database) => createMembers(database, MEMBERS));
    memberIds = members.map((m) => m.id);
    app = await startAppProcess(env);
    cookies = await Promise.all(members.map((m) => signInAt(app as AppProcess, m.username, m.password)));
  });
  afterAll(async () => {
    await app?.stop("SIGKILL");
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged journal entry, whole and readable, through repeated SIGKILLs", async () => {
    for (const [round, ms] of KILL_AFTER_MS.entries()) {
      const running = app as AppProcess;
      const { pid, code, inFlight } = await writeUntilKilled(running, cookies, round, attempts, ms);
      expect(code, "killed, not exited").toBeNull();
      // Killed mid-write: most of the writers had a save on its way when the process died.
      expect(inFlight, `writes in flight at kill ${round + 1}`).toBeGreaterThanOrEqual(MIN_IN_FLIGHT);
      timings.push(`kill ${round + 1}: ${inFlight} writes in flight`);
      if (backend === "pglite") {
        // The dead process's lock socket stays behind, answering no one; the next start takes it over.
        expect(fs.statSync(path.join(dataDir, "app.lock")).isSocket(), `lock of ${pid} left behind`).toBe(true);
      }
      const started = Date.now();
      app = await startAppProcess(env);
      timings.push(`restart ${round + 1}: ${Date.now() - started} ms`);
      expect(running.output(), "no error before the kill").not.toMatch(/"level":50/);
    }
    const refused = attempts.filter((a) => a.outcome === "refused");
    expect(
      refused.map((a) => `${a.title}: ${a.status}`),
      "refused while the server was up",
    ).toEqual([]);
    // Each round killed only after writes were acknowledged (writeUntilKilled waits for them).
    const acked = attempts.filter((a) => a.outcome === "acked");

    // Readable through the app: the member's search opens the sealed text of each entry. The
    // cookies are the ones made before the first crash: sessions live in the database too.
    for (const attempt of acked) {
      const marker = attempt.title.slice("Night ".length);
      const res = await read(app as AppProcess, `/journals?q=${encodeURIComponent(marker)}`, cookies[attempt.member]);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html, attempt.title).toContain(attempt.title);
      expect(html, attempt.title).toContain(attempt.content);
    }
    await (app as AppProcess).stop();

    const rows = await inspect((database) => database.db.select().from(journalEntries));
    const stored = checkRows(rows, attempts, memberIds);
    const unknown = attempts.filter((a) => a.outcome === "unknown");
    timings.push(
      `${acked.length} acknowledged, ${unknown.length} cut off by a kill (${unknown.filter((a) => stored.has(a.title)).length} of them stored)`,
    );
    process.stdout.write(`crash [${backend}]: ${timings.join("; ")}\n`);
  });
}

describe("crash: SIGKILL while members save journal entries [pglite]", () => crashSuite("pglite"));
describe.skipIf(!POSTGRES_URL)(`crash: SIGKILL while members save journal entries [postgres]${postgresNote}`, () =>
  crashSuite("postgres"),
);
