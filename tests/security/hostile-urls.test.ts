import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "../support/database";
import { expectingErrors, expectNoSecretsInLogs, startLoggedServer } from "../support/logged-server";
import { as, buildWorld, clearLimits, type World } from "./fixtures";
import { HOSTILE_FORMS, HOSTILE_VALUES, type HostileForm } from "./hostile-forms";
import { expectOnlyKnownBugs, judge, KNOWN_BUGS } from "./hostile-support";
import { type AppRoute, appRoutes } from "./route-list";

/** Every query parameter some loader reads, all at once: each loader picks what it knows. */
const QUERY_KEYS = [
  ...["q", "before", "after", "status", "date", "range", "offer", "day", "payment", "format", "record", "year"],
  ...["redirectTo", "insights", "mode", "show", "action", "from", "to", "email", "recommendation", "edit"],
];

describeEachBackend("hostile URLs and stored hostile text", (backend) => {
  let world: World;
  let routes: AppRoute[];
  beforeAll(async () => {
    routes = await appRoutes();
    world = await buildWorld(await startLoggedServer(backend, { PAYMENT_PROVIDER: "test" }));
  });
  afterAll(() => world?.server.close());

  it("answers hostile path parameters and query strings below 500, as a member and as an admin", async () => {
    const failures: string[] = [];
    // Long enough to reach the loaders, short enough for Node's 16 KiB header limit (which answers 431).
    const values = { ...HOSTILE_VALUES, oversized: "ॐ".repeat(150) };
    await expectingErrors(async () => {
      for (const { pattern } of routes) {
        // The role that may read the route, so its loader runs all the way.
        const role = pattern.startsWith("/console") ? "admin" : "memberA";
        for (const [name, value] of Object.entries(values)) {
          const encoded = encodeURIComponent(value);
          const query = new URLSearchParams(QUERY_KEYS.map((k) => [k, value])).toString();
          const target = /[:*]/.test(pattern) ? pattern.replace(/:[a-zA-Z]+|\*/g, encoded) : `${pattern}?${query}`;
          await judge(await as(world, role, "GET", target), `GET ${pattern} ${name}`, failures);
        }
      }
    });
    expectOnlyKnownBugs(failures, Object.values(KNOWN_BUGS));
  }, 300_000);

  it("renders stored script-like text as text in member pages and in the console", async () => {
    const script = HOSTILE_VALUES.scriptTag as string;
    const text = `${script} ${HOSTILE_VALUES.attributeBreak}`;
    const formOf = (route: string, intent?: string) =>
      HOSTILE_FORMS.find((f) => f.route === route && (!intent || f.fields.intent === intent)) as HostileForm;
    const stores: Array<[HostileForm, Record<string, string>]> = [
      [formOf("/journals"), { title: script, content: text }],
      [formOf("/integration", "save-session"), { title: script, reflection: text, insights: text }],
      [formOf("/integration", "share"), { content: text }],
      [formOf("/spirit-companion", "message"), { message: script }],
      [formOf("/spirit-companion", "save-insight"), { title: script, content: text }],
      [formOf("/request-access"), { name: script, reason: text }],
      [formOf("/console/applications/:id"), { text }],
      [formOf("/console/shares/:id"), { reply: text }],
    ];
    for (const [form, fields] of stores) {
      await clearLimits(world.server);
      const path = form.at ? form.at(world.ids) : form.route;
      if (form.by === "enrolling") throw new Error("stores post as one of the world's roles");
      const res = await as(world, form.by, "POST", path, new URLSearchParams({ ...form.fields, ...fields }));
      expect(res.status, `storing through ${path}`).toBeLessThan(400);
    }
    const pages: Array<[string, "memberA" | "memberB" | "keeper" | "admin"]> = [
      ["/journals", "memberB"],
      ["/integration", "memberB"],
      ["/integration", "memberA"],
      ["/spirit-companion", "memberB"],
      ["/console/requests", "keeper"],
      [`/console/applications/${world.ids.application}`, "keeper"],
      [`/console/shares/${world.ids.share}`, "keeper"],
    ];
    for (const [path, role] of pages) {
      const html = await (await as(world, role, "GET", path)).text();
      expect(html, `${path} shows the text`).toContain("window.__xss=1");
      expect(html, `${path} as markup`).not.toContain(script);
      expect(html, `${path} as markup`).not.toContain("<img src=x");
    }
  });

  it("logs no password, token, cookie, card number or sensitive text", () => expectNoSecretsInLogs());
});
