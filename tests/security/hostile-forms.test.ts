import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, signIn } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import {
  expectingErrors,
  expectNoSecretsInLogs,
  rememberCookie,
  rememberSecret,
  startLoggedServer,
} from "../support/logged-server";
import { sendRaw } from "../support/server";
import { buildWorld, clearLimits, type World } from "./fixtures";
import { HOSTILE_FORMS, HOSTILE_VALUES, type HostileForm, MALFORMED_BODIES, type Poster } from "./hostile-forms";
import {
  answerSignature,
  expectOnlyKnownBugs,
  type FieldCase,
  judge,
  judgeField,
  KNOWN_BUGS,
  KNOWN_FIELD_MESSAGE_BUGS,
} from "./hostile-support";
import { appRoutes } from "./route-list";

/** Per field, the values that most often break a handler; the rest are sent to all fields at once. */
const PER_FIELD = ["oversized", "rtlEmojiNul", "sqlLike", "scriptTag", "hugeNumber"] as const;

/**
 * DESIGN.md "Security bar": bad input gets a 400/422 with the field's message, never a 500.
 * Every form of every action is sent with each field replaced by hostile values, missing, and
 * repeated (an array where a string is expected), then with every field hostile at once, then
 * as bodies of the wrong type, malformed bodies, and with methods no page sends.
 */
describeEachBackend("hostile form input", (backend) => {
  let world: World;
  let enrollingCookie: string;
  beforeAll(async () => {
    world = await buildWorld(await startLoggedServer(backend, { PAYMENT_PROVIDER: "test", CEREMONIES: "open" }));
    const keeper = await createAccount(world.server, "keeper", "New Keeper");
    rememberSecret(keeper.password);
    enrollingCookie = (await signIn(world.server, keeper.username, keeper.password)).cookie;
    rememberCookie(enrollingCookie);
  });
  afterAll(() => world?.server.close());

  const cookieOf = (by: Poster) => (by === "enrolling" ? enrollingCookie : world.cookies[by]);
  async function send(form: HostileForm, body: BodyInit | null, contentType?: string): Promise<Response> {
    await clearLimits(world.server); // a 429 would hide what the action does with the value
    const headers: Record<string, string> = { Origin: world.server.url };
    if (contentType) headers["Content-Type"] = contentType;
    if (cookieOf(form.by)) headers.cookie = cookieOf(form.by);
    const url = `${world.server.url}${form.at ? form.at(world.ids) : form.route}`;
    const attempt = () => fetch(url, { method: "POST", headers, body, redirect: "manual" });
    // Actions that answer without reading a large body make Node close the socket; the client may
    // have reused it already. That is a transport race, not an answer: retry once on a fresh one.
    return attempt()
      .catch(attempt)
      .catch((error: Error) => new Response(`connection failed: ${error.cause ?? error.message}`, { status: 599 }));
  }
  /** Through node:http (hostile-forms.ts MALFORMED_BODIES): fetch would fix the framing or refuse the method. */
  async function sendRawAs(form: HostileForm, method: string, contentType: string, body: string): Promise<Response> {
    await clearLimits(world.server);
    const headers: Record<string, string> = { Origin: world.server.url, "Content-Type": contentType };
    if (cookieOf(form.by)) headers.cookie = cookieOf(form.by);
    const url = `${world.server.url}${form.at ? form.at(world.ids) : form.route}`;
    return sendRaw(url, { method, headers, body }).catch(
      (error: Error) => new Response(`connection failed: ${error.message}`, { status: 599 }),
    );
  }
  const sendForm = (form: HostileForm, body: URLSearchParams) => send(form, body, "application/x-www-form-urlencoded");
  const label = (form: HostileForm) => `${form.route}${form.fields.intent ? ` (${form.fields.intent})` : ""}`;

  it("has a hostile form for every action, and only for actions", async () => {
    const actions = (await appRoutes()).filter((r) => r.hasAction).map((r) => r.pattern);
    const covered = new Set(HOSTILE_FORMS.map((f) => f.route));
    expect(
      actions.filter((p) => !covered.has(p)),
      "actions without a form in hostile-forms.ts",
    ).toEqual([]);
    expect(
      [...covered].filter((p) => !actions.includes(p)),
      "forms for routes without an action",
    ).toEqual([]);
  });

  it("answers each field replaced, missing or repeated below 500, a 4xx with that field's message", async () => {
    const failures: string[] = [];
    await expectingErrors(async () => {
      for (const form of HOSTILE_FORMS) {
        const baseline = await answerSignature(await sendForm(form, new URLSearchParams(form.fields)));
        for (const field of Object.keys(form.fields)) {
          const sent = (what: string, c: FieldCase) => ({
            baseline,
            what: `${label(form)} ${what}`,
            field,
            case: c,
            required: !form.optional?.includes(field) && !form.unread?.includes(field),
            unread: form.unread?.includes(field) ?? false,
          });
          for (const name of PER_FIELD) {
            const body = new URLSearchParams({ ...form.fields, [field]: HOSTILE_VALUES[name] as string });
            await judgeField(await sendForm(form, body), sent(`${field}=${name}`, name), failures);
          }
          const missing = new URLSearchParams(form.fields);
          missing.delete(field);
          await judgeField(await sendForm(form, missing), sent(`without ${field}`, "missing"), failures);
          const repeated = new URLSearchParams(form.fields);
          repeated.append(field, HOSTILE_VALUES.sqlLike as string);
          await judgeField(await sendForm(form, repeated), sent(`${field} repeated`, "repeated"), failures);
        }
      }
    });
    expectOnlyKnownBugs(failures, [...Object.values(KNOWN_BUGS), ...Object.values(KNOWN_FIELD_MESSAGE_BUGS)]);
  }, 300_000);

  it("answers forms with every field hostile at once, or none at all, below 500", async () => {
    const failures: string[] = [];
    await expectingErrors(async () => {
      for (const form of HOSTILE_FORMS) {
        for (const [name, value] of Object.entries(HOSTILE_VALUES)) {
          const body = new URLSearchParams(Object.keys(form.fields).map((k) => [k, value]));
          await judge(await sendForm(form, body), `${label(form)} all=${name}`, failures);
        }
        await judge(await sendForm(form, new URLSearchParams()), `${label(form)} empty`, failures);
      }
    });
    expectOnlyKnownBugs(failures, Object.values(KNOWN_BUGS));
  }, 300_000);

  it("answers bodies of the wrong type below 500 (JSON, plain text, a file upload, nothing)", async () => {
    const failures: string[] = [];
    const onePerRoute = [...new Map(HOSTILE_FORMS.map((f) => [f.route, f])).values()];
    await expectingErrors(async () => {
      for (const form of onePerRoute) {
        await judge(await send(form, JSON.stringify(form.fields), "application/json"), `${form.route} JSON`, failures);
        await judge(await send(form, "just=text&and more", "text/plain"), `${form.route} text/plain`, failures);
        const multipart = new FormData();
        for (const [k, v] of Object.entries(form.fields)) multipart.append(k, v);
        multipart.append(Object.keys(form.fields)[0] ?? "file", new Blob(["%PDF-1.4"]), "../../evil.pdf");
        await judge(await send(form, multipart), `${form.route} multipart with a file`, failures);
        await judge(await send(form, null), `${form.route} no body`, failures);
      }
    });
    expectOnlyKnownBugs(failures, Object.values(KNOWN_BUGS));
  });

  it("answers malformed form bodies and methods no page sends below 500, before any action runs", async () => {
    const failures: string[] = [];
    const onePerRoute = [...new Map(HOSTILE_FORMS.map((f) => [f.route, f])).values()];
    await expectingErrors(async () => {
      for (const form of onePerRoute) {
        const valid = new URLSearchParams(form.fields).toString();
        for (const [name, [contentType, body]] of Object.entries(MALFORMED_BODIES)) {
          await judge(await sendRawAs(form, "POST", contentType, body), `${form.route} ${name}`, failures);
        }
        for (const method of ["TRACE", "PUT", "PATCH", "DELETE"]) {
          const urlencoded = await sendRawAs(form, method, "application/x-www-form-urlencoded", valid);
          await judge(urlencoded, `${method} ${form.route} urlencoded`, failures);
          const [type, body] = MALFORMED_BODIES.multipartValid as [string, string];
          await judge(await sendRawAs(form, method, type, body), `${method} ${form.route} multipart`, failures);
        }
      }
    });
    expectOnlyKnownBugs(failures, Object.values(KNOWN_BUGS));
  });

  it("logs no password, token, cookie, card number or sensitive text", () => expectNoSecretsInLogs());
});
