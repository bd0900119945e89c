import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openPostgres } from "../../db/client";
import { contactMessages, rateLimits } from "../../db/schema";
import { createAccount, get, signIn, signInStaff } from "../support/accounts";
import { describeEachBackend } from "../support/database";
import { postForm, sendRaw, startTestServer, type TestServer } from "../support/server";

const contact = { name: "Ana Ruiz", email: "ana@example.org", message: "A question about preparation." };

/** server/input-guard.ts and app/lib/ids.ts: what no page of ours sends is refused before any route runs. */
describeEachBackend("input the site never sends", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(contactMessages);
    await server.database.db.delete(rateLimits);
  });

  const post = (body: BodyInit | null, contentType?: string) =>
    fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { Origin: server.url, ...(contentType ? { "Content-Type": contentType } : {}) },
      body,
    });

  it("answers 415 to a write whose body is not a form, and stores nothing", async () => {
    for (const res of [
      await post(JSON.stringify(contact), "application/json"),
      await post("name=Ana&message=hello", "text/plain"),
      await post(null),
    ]) {
      expect(res.status).toBe(415);
      expect(await res.text()).toBe("This address accepts form submissions only.");
    }
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("answers 400 to a form body that cannot be read, and stores nothing", async () => {
    const part = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const fields = Object.entries(contact).map(([k, v]) => part(k, v));
    const boundary = "----SacredFormBoundary7MA4YWxkTrZu0gW";
    const whole = `--${boundary}\r\n${fields.join(`--${boundary}\r\n`)}--${boundary}--\r\n`;
    for (const [type, body] of [
      ["multipart/form-data", whole],
      ["multipart/form-data; boundary=other", whole],
      [`multipart/form-data; boundary=${boundary}`, whole.slice(0, -20)],
      [`multipart/form-data; boundary=${boundary}`, ""],
    ] as const) {
      const res = await sendRaw(`${server.url}/contact`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": type },
        body,
      });
      expect(res.status, `${type} ${body.length}`).toBe(400);
      expect(await res.text()).toBe("This form could not be read. Please reload the page and try again.");
    }
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);
    // The same form, whole, is read as any other.
    const ok = await sendRaw(`${server.url}/contact`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: whole,
    });
    expect(ok.status).toBe(303);
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it("answers 400 to methods no page sends, before any action runs", async () => {
    for (const method of ["TRACE", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const res = await sendRaw(`${server.url}/contact`, {
        method,
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(contact).toString(),
      });
      expect(res.status, method).toBe(400);
      expect(res.headers.get("allow"), method).toBe("GET, HEAD, POST");
      expect(await res.text(), method).toBe("This address accepts GET and POST requests only.");
    }
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("lets the payment webhook take JSON (its signature decides)", async () => {
    const res = await fetch(`${server.url}/payments/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: "WH-1", event_type: "CHECKOUT.ORDER.APPROVED" }),
    });
    expect(res.status).not.toBe(415);
    expect(res.status).toBeLessThan(500);
  });

  it("refuses the NUL character in a form or an address with 400, and stores nothing", async () => {
    const res = await postForm(server, "/contact", { ...contact, message: "Hidden\u0000 byte in a message." });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('The field "message" may not contain the NUL character.');
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);
    for (const path of ["/magic?q=%00", "/journals/abc%00def", "/magic/%00"]) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status, path).toBe(400);
      expect(await page.text(), path).toBe("Addresses may not contain the NUL character.");
    }
  });

  it("keeps a typed %00 as text", async () => {
    const res = await postForm(server, "/contact", { ...contact, message: "The code %00 is just text here." });
    expect(res.status).toBe(303);
    const [row] = await server.database.db.select().from(contactMessages);
    expect(row?.message).toBe("The code %00 is just text here.");
  });

  it("answers 413 to a body over 1 MiB", async () => {
    const res = await postForm(server, "/contact", { ...contact, message: "a".repeat(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("This form is larger than we accept.");
    expect(await server.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("treats ids and cursors beyond PostgreSQL's integer range as not found", async () => {
    const admin = await createAccount(server, "admin", "Ada Admin");
    const { cookie } = await signInStaff(server, admin);
    for (const id of ["99999999999999999999", "1e20", "-1", "0x10", "2147483648"]) {
      expect((await get(server, `/console/requests/${id}`, cookie)).status, id).toBe(404);
      expect((await get(server, `/console/shares/${id}`, cookie)).status, id).toBe(404);
      expect((await get(server, `/console/outbox?before=${id}`, cookie)).status, id).toBe(200);
    }
  });

  it("reads impossible days, instants and cursors in links as absent (lib/days.ts)", async () => {
    const admin = await createAccount(server, "admin", "Ada Admin");
    const { cookie: staff } = await signInStaff(server, admin);
    const member = await createAccount(server, "member", "Mara Member");
    const { cookie } = await signIn(server, member.username, member.password);
    const cursor = (text: string) => Buffer.from(text).toString("base64url");
    for (const value of ["0000-01-01", "0000-01-01T00:00:00.000Z", "+275760-09-13", "99999-01-01", "1"]) {
      expect((await get(server, `/console/members?before=${value}`, staff)).status, value).toBe(200);
      expect((await get(server, `/console/applications?before=${value}`, staff)).status, value).toBe(200);
      expect((await get(server, `/calendar?date=${value}`, cookie)).status, value).toBe(200);
      expect((await get(server, `/journals?after=${cursor(`${value}|x`)}`, cookie)).status, value).toBe(200);
    }
  });
});

/** server/react-router-handler.ts: while the database cannot be reached, a kind 503 page, not an error. */
describe("database unreachable", () => {
  let server: TestServer;
  const unreachable = openPostgres({ url: "postgres://nobody@127.0.0.1:9/none" });
  let cookie = "";
  beforeAll(async () => {
    // Sign in on a working database, then serve the same secrets from one that refuses connections.
    const working = await startTestServer("pglite");
    const member = await createAccount(working, "member", "Mara Member");
    ({ cookie } = await signIn(working, member.username, member.password));
    await working.close();
    server = await startTestServer("pglite", {}, unreachable);
  });
  afterAll(async () => {
    await server.close();
    await unreachable.close();
  });

  it("answers pages and forms that need it with 503, Retry-After and no-store", async () => {
    for (const res of [
      await get(server, "/journals", cookie),
      await postForm(server, "/sacred-access", { emailOrUsername: "someone", password: "a password", redirectTo: "" }),
    ]) {
      expect(res.status, res.url).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain("We will be back in a moment");
      expect(html).toContain("Please try again in a minute or two.");
    }
    // Reading pages do not need the database: they keep working, also for a signed-in person.
    expect((await get(server, "/magic/psilocybin-aging-study", cookie)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
