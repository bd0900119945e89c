import { afterAll, beforeAll, expect, it } from "vitest";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import type { Database } from "../../db/client";
import { describeEachBackend, openTestDatabase } from "../support/database";

describeEachBackend("rate limits", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(() => database.close());

  const rule = { name: "test", limit: 3, windowSeconds: 60 };

  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const now = new Date("2026-01-01T00:00:10Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(database.db, rule, "1.2.3.4", now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBe(50);
  });

  it("keys subjects separately", async () => {
    const now = new Date("2026-01-01T00:00:10Z");
    expect((await hit(database.db, rule, "5.6.7.8", now)).allowed).toBe(true);
  });

  it("carries the last window's hits across the boundary: no second burst just after it", async () => {
    // 4 hits at 00:00:10 (3 allowed). At 00:01:05 they still weigh 55/60: refused, with the time left.
    const justAfter = await hit(database.db, rule, "1.2.3.4", new Date("2026-01-01T00:01:05Z"));
    expect(justAfter.allowed).toBe(false);
    // 4 earlier hits (weighted) + this window's 1: back under 3 once 4 * (1 - t/60) + 1 <= 3, at t = 30 s.
    expect(justAfter.retryAfterSeconds).toBe(25);
    const late = await hit(database.db, rule, "1.2.3.4", new Date("2026-01-01T00:01:50Z"));
    // 4 * 10/60 + 2 = 2.67: allowed again.
    expect(late.allowed).toBe(true);
  });

  it("starts afresh once a whole window has passed", async () => {
    expect((await hit(database.db, rule, "1.2.3.4", new Date("2026-01-01T00:03:05Z"))).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const now = new Date("2026-01-01T00:05:00Z");
    const results = await Promise.all(Array.from({ length: 10 }, () => hit(database.db, rule, "9.9.9.9", now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});
