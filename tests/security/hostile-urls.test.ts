import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend } from "../support/database";
import { expectingErrors, expectNoSecretsInLogs, startLoggedServer } from "../support/logged-server";
import { as, buildWorld, clearLimits, type World } from "./fixtures";
import { HOSTILE_FORMS, HOSTILE_VALUES, type HostileForm } from "./hostile-forms";
import { HOSTILE_URL_VALUES, LOADER_QUERIES, type LoaderQuery } from "./hostile-queries";
import { expectOnlyKnownBugs, judge, KNOWN_BUGS, queryParamsRead } from "./hostile-support";
import { type AppRoute, appRoutes } from "./route-list";

/** Parameters React Router itself reads on every request (not a loader's). */
const FRAMEWORK_PARAMS = new Set(["index"]);

describeEachBackend("hostile URLs and stored hostile text", (backend) => {
  let world: World;
  let routes: AppRoute[];
  beforeAll(async () => {
    routes = await appRoutes();
    world = await buildWorld(await startLoggedServer(backend, { PAYMENT_PROVIDER: "test", CEREMONIES: "open" }));
  });
  afterAll(() => world?.server.close());

  const entryOf = (pattern: string) => LOADER_QUERIES[pattern] as LoaderQuery;
  // The role that may read the route, so its loader runs all the way.
  const roleOf = (pattern: string) => (pattern.startsWith("/console") ? "admin" : "memberA");
  const pathOf = (pattern: string) => entryOf(pattern).at?.(world.ids) ?? pattern;

  it("lists the query parameters of every route, and every one its loader and page read", async () => {
    const patterns = routes.map((r) => r.pattern);
    expect(
      patterns.filter((p) => !LOADER_QUERIES[p]),
      "routes without an entry in hostile-queries.ts",
    ).toEqual([]);
    expect(
      Object.keys(LOADER_QUERIES).filter((p) => !patterns.includes(p)),
      "entries for routes that no longer exist",
    ).toEqual([]);
    const unlisted: string[] = [];
    for (const { pattern } of routes) {
      const { params, at } = entryOf(pattern);
      if (/[:*]/.test(pattern)) expect(at, `${pattern} needs at`).toBeDefined();
      const read = await queryParamsRead(async () => {
        await (await as(world, roleOf(pattern), "GET", pathOf(pattern))).arrayBuffer();
      });
      for (const name of read) {
        if (!params.includes(name) && !FRAMEWORK_PARAMS.has(name)) unlisted.push(`${pattern} reads ?${name}`);
      }
    }
    expect(unlisted, "parameters missing from hostile-queries.ts").toEqual([]);
  });

  it("answers hostile values in every query parameter below 500, each alone and all at once", async () => {
    const failures: string[] = [];
    await expectingErrors(async () => {
      for (const { pattern } of routes) {
        const { params } = entryOf(pattern);
        const sets = params.length > 1 ? [...params.map((p) => [p]), params] : params.map((p) => [p]);
        for (const names of sets) {
          for (const [name, value] of Object.entries(HOSTILE_URL_VALUES)) {
            const query = new URLSearchParams(names.map((k) => [k, value])).toString();
            const what = `GET ${pattern}?${names.length > 1 ? "(all)" : names[0]}=${name}`;
            await judge(await as(world, roleOf(pattern), "GET", `${pathOf(pattern)}?${query}`), what, failures);
          }
        }
      }
    });
    expectOnlyKnownBugs(failures, Object.values(KNOWN_BUGS));
  }, 600_000);

  it("answers hostile path parameters below 500", async () => {
    const failures: string[] = [];
    await expectingErrors(async () => {
      for (const { pattern } of routes.filter((r) => /[:*]/.test(r.pattern))) {
        for (const [name, value] of Object.entries(HOSTILE_URL_VALUES)) {
          const target = pattern.replace(/:[a-zA-Z]+|\*/g, encodeURIComponent(value));
          await judge(await as(world, roleOf(pattern), "GET", target), `GET ${pattern} ${name}`, failures);
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
