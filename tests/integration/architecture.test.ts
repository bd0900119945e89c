import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { files, importsOf, isTest, moduleOf, packagesAndFiles, ROOT } from "../support/imports";

const MAX_LINES = 300;

/**
 * Longer than 300 lines on purpose: two articles, each one piece of prose with its references,
 * which reads best whole. Code is never listed here. The list may only shrink.
 */
const TOO_LONG_FOR_NOW = new Set([
  "app/content/articles/evolution-of-spiritual-exploration.ts",
  "app/content/articles/exploring-profound-spiritual-experiences.ts",
]);

/**
 * Files whose imports are not a module's dependencies: db/schema.ts gathers every module's tables
 * for drizzle-kit and the typed database handle, so each module sees the whole database's type
 * through db/client.ts without depending on the other modules.
 */
const COMPOSITION = new Set(["db/schema.ts"]);

type Graph = Map<string, Map<string, string>>;

/** Module → module, each edge with one file import that makes it (for the message). */
function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    if (isTest(file) || COMPOSITION.has(file)) continue;
    for (const target of importsOf(file)) {
      const [from, to] = [moduleOf(file), moduleOf(target)];
      if (from === to) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${file} imports ${target}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle's modules (Tarjan's strongly connected components of more than one module). */
function cyclesIn(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One loop through a cycle's modules, each step with the import that makes it. */
function describeCycle(graph: Graph, component: string[]): string {
  const inside = new Set(component);
  const start = component[0] ?? "";
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? "";
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!inside.has(next) || previous.has(next)) continue;
      previous.set(next, node);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const loop = [start];
  for (let node = previous.get(start); node && node !== start; node = previous.get(node)) loop.unshift(node);
  loop.unshift(start);
  const steps = loop.slice(1).map((to, i) => `  ${graph.get(loop[i] ?? "")?.get(to)}`);
  return [`${loop.join(" → ")} (${component.length} modules in this circle)`, ...steps].join("\n");
}

describe("architecture", () => {
  const graph = moduleGraph();

  it("has no import cycle between modules", () => {
    expect(cyclesIn(graph).map((c) => describeCycle(graph, c))).toEqual([]);
  });

  it("finds a cycle when one is made (the check itself works)", () => {
    const made: Graph = new Map([
      ["app/modules/a", new Map([["app/modules/b", "a.ts imports b.ts"]])],
      ["app/modules/b", new Map([["app/modules/c", "b.ts imports c.ts"]])],
      ["app/modules/c", new Map([["app/modules/a", "c.ts imports a.ts"]])],
    ]);
    expect(cyclesIn(made)).toEqual([["app/modules/a", "app/modules/b", "app/modules/c"]]);
    expect(describeCycle(made, ["app/modules/a", "app/modules/b", "app/modules/c"])).toContain(
      "app/modules/a → app/modules/b → app/modules/c → app/modules/a",
    );
  });

  it("keeps routes and components out of modules and lib", () => {
    const wrong = files
      .filter((file) => /^app\/(modules|lib)\//.test(file))
      .flatMap((file) => importsOf(file).map((target) => ({ file, target })))
      .filter(({ target }) => /^app\/(routes|components)\//.test(target))
      .map(({ file, target }) => `${file} imports ${target}`);
    expect(wrong).toEqual([]);
  });

  it("keeps HTTP out of modules: no React Router and no form pipeline under app/modules", () => {
    const wrong = files
      .filter((file) => file.startsWith("app/modules/") && !isTest(file))
      .flatMap((file) => packagesAndFiles(file).map((target) => ({ file, target })))
      .filter(({ target }) => /^react-router(\/|$)|^@react-router\//.test(target) || target.startsWith("app/forms/"))
      .map(({ file, target }) => `${file} imports ${target}`);
    expect(wrong).toEqual([]);
  });

  it("reads route data typed: no useLoaderData, useActionData or casts to FormResult", () => {
    const untyped = /\buse(Loader|Action)Data\b|\bas\s+(FormResult|Refusal)\b/;
    const wrong = files.filter((file) => untyped.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(wrong).toEqual([]);
  });

  it("shows every field's message through FieldError: no element written by hand with an id ending in -error", () => {
    const byHand = /<(p|span|div)\b[^>]*\bid=\{?[`"][^`"]*-error[`"]/;
    const wrong = files
      .filter((file) => file.endsWith(".tsx") && file !== "app/components/forms/field.tsx")
      .filter((file) => byHand.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(wrong).toEqual([]);
  });

  it("tells a page's forms apart one way: a switch on the intent whose default is unknownForm", () => {
    const wrong = files
      .filter((file) => file.startsWith("app/routes/") && !isTest(file))
      .flatMap((file) => {
        const text = fs.readFileSync(path.join(ROOT, file), "utf8");
        if (!/fields\.intent\b|\{ intent \} = submission\.fields/.test(text)) return [];
        const problems: string[] = [];
        if (/fields\.intent\s*[!=]==/.test(text)) problems.push("compares the intent in an if");
        if (/Object\.hasOwn\(SCHEMAS|SCHEMAS\[/.test(text)) problems.push("looks the intent up in a map");
        if (!/switch \((submission\.)?(fields\.)?intent\)/.test(text)) problems.push("has no switch on the intent");
        // A helper that reads the chosen form's schema answers null by default, and the action unknownForm.
        const unknown = /default:\s*return unknownForm\(submission\)/.test(text);
        const viaHelper = /default:\s*return null;/.test(text) && /return unknownForm\(submission\)/.test(text);
        if (!unknown && !viaHelper) problems.push("has no default of unknownForm");
        return problems.map((problem) => `${file} ${problem}`);
      });
    expect(wrong).toEqual([]);
  });

  it("keeps the page after a form's refusal: a route's own shouldRevalidate is written through unlessRefused", () => {
    // Reloading after a refusal during an outage replaces the page, and what was typed in it (issue 45).
    const own = /export\s+(const|(async\s+)?function)\s+shouldRevalidate\b/;
    const wrong = files
      .filter((file) => file.startsWith("app/") && !isTest(file))
      .filter((file) => {
        const text = fs.readFileSync(path.join(ROOT, file), "utf8");
        return own.test(text) && !/export const shouldRevalidate = unlessRefused\(/.test(text);
      });
    expect(wrong).toEqual([]);
  });

  it("says every notice through NoticeBox: no role=alert written by hand", () => {
    // The crisis lines are a panel of their own, announced at once wherever they appear.
    const own = new Set(["app/components/forms/notice-box.tsx", "app/components/care/crisis-resources.tsx"]);
    const wrong = files
      .filter((file) => file.endsWith(".tsx") && !own.has(file))
      .filter((file) => /role="alert"/.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(wrong).toEqual([]);
  });

  it("knows the app runs one way: useHydrated, not a flag set by a mount effect", () => {
    const byHand = /useEffect\(\(\) => set\w+\(true\), \[\]\)/;
    const wrong = files.filter((file) => byHand.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(wrong).toEqual([]);
  });

  it("keeps every source file within 300 lines", () => {
    const lines = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8").trimEnd().split("\n").length;
    const long = files.filter((file) => lines(file) > MAX_LINES);
    expect(long.filter((file) => !TOO_LONG_FOR_NOW.has(file))).toEqual([]);
    // A file split since (or moved) leaves the list, so the list only shrinks.
    expect([...TOO_LONG_FOR_NOW].filter((file) => !long.includes(file))).toEqual([]);
  });
});
