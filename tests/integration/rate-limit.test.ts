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

  it("starts again in the next window", async () => {
    const later = new Date("2026-01-01T00:01:05Z");
    expect((await hit(database.db, rule, "1.2.3.4", later)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const now = new Date("2026-01-01T00:05:00Z");
    const results = await Promise.all(Array.from({ length: 10 }, () => hit(database.db, rule, "9.9.9.9", now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});
