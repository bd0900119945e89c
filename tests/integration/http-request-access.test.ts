import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { accessRequests, mailOutbox, rateLimits } from "../../db/schema";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("request access over HTTP", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
    await server.database.db.delete(accessRequests);
    await server.database.db.delete(mailOutbox);
  });

  const valid = {
    name: "Lena Hart",
    email: "Lena@Example.org",
    reason: "I wish to prepare with guidance.",
    experience: "",
  };

  it("stores the request, acknowledges it and notifies the Temple Keepers", async () => {
    const res = await postForm(server, "/request-access", valid);
    // Without JavaScript: redirect after post, to SPEC.md's "Request Received".
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/request-access?done=received");
    const landed = await (await fetch(`${server.url}/request-access?done=received`)).text();
    expect(landed).toContain("Request Received");
    expect(landed).toContain("Submit Another Request");
    expect(landed).toContain("Back to Login");
    const rows = await server.database.db.select().from(accessRequests);
    expect(rows).toEqual([
      expect.objectContaining({ name: "Lena Hart", email: "lena@example.org", status: "new", experience: null }),
    ]);
    const ack = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "access.acknowledge"));
    expect(ack[0]?.toAddress).toBe("lena@example.org");
    expect(ack[0]?.textBody).toContain("2-3 business days");
    const notify = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "access.notify"));
    expect(notify[0]?.toAddress).toBe("keepers@example.org");
  });

  it("checks the fields in the spec's order, treating whitespace as empty, and stores nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "   ", email: "", reason: "" }, "Please enter your name"],
      [{ name: "Lena", email: " ", reason: "" }, "Please enter your email address"],
      [{ name: "Lena", email: "lena@example", reason: "" }, "Please enter a valid email address"],
      [{ name: "Lena", email: "lena@example.org", reason: "  \n " }, "Please tell us why you seek access"],
    ];
    for (const [fields, message] of cases) {
      await server.database.db.delete(rateLimits); // every attempt counts; keep this test about messages
      const res = await postForm(server, "/request-access", fields);
      expect(res.status, message).toBe(400);
      expect(await res.text(), message).toContain(message);
    }
    expect(await server.database.db.select().from(accessRequests)).toHaveLength(0);
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("keeps what was typed after a bad email, in the page a browser without JavaScript gets", async () => {
    const res = await postForm(server, "/request-access", {
      ...valid,
      email: "lena at example",
      experience: "Ten years of sitting.",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain('value="Lena Hart"');
    expect(html).toContain('value="lena at example"');
    expect(html).toContain("I wish to prepare with guidance.</textarea>");
    expect(html).toContain("Ten years of sitting.</textarea>");
    // The field the message is about is marked, and takes the cursor.
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="email"|<input[^>]*name="email"[^>]*aria-invalid="true"/,
    );
    expect(await server.database.db.select().from(accessRequests)).toHaveLength(0);
  });

  it("stores a request once per one-time key: a resend gets the first answer", async () => {
    const key = "7a0c9f6e-3b2d-4e1f-9a8b-1c2d3e4f5a6b";
    const first = await postForm(server, "/request-access", { ...valid, _key: key });
    const again = await postForm(server, "/request-access", { ...valid, _key: key });
    expect([first.status, again.status]).toEqual([303, 303]);
    expect(again.headers.get("location")).toBe("/request-access?done=received");
    expect(await server.database.db.select().from(accessRequests)).toHaveLength(1);
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(2);
    await postForm(server, "/request-access", { ...valid, _key: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9" });
    expect(await server.database.db.select().from(accessRequests)).toHaveLength(2);
  });

  it("limits requests per IP with 429 and drops honeypot submissions", async () => {
    expect((await postForm(server, "/request-access", { ...valid, website: "x" })).status).toBe(303);
    expect(await server.database.db.select().from(accessRequests)).toHaveLength(0);
    for (let i = 0; i < 2; i++) expect((await postForm(server, "/request-access", valid)).status).toBe(303);
    const res = await postForm(server, "/request-access", valid);
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("Unable to submit request. Please try again.");
    expect(await server.database.db.select().from(accessRequests)).toHaveLength(2);
  });

  it("tells the keepers by a link to the console, with nothing the seeker wrote in the email", async () => {
    await postForm(server, "/request-access", { ...valid, name: "<img src=x onerror=alert(1)>" });
    const [row] = await server.database.db.select().from(accessRequests).orderBy(desc(accessRequests.createdAt));
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "access.notify"))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toBe(`An access request waits for a keeper (#${row?.id})`);
    expect(mail?.textBody).toContain(`/console/requests/${row?.id}`);
    expect(mail?.htmlBody).not.toContain("<img");
    expect(mail?.textBody).not.toContain("img");
    expect(mail?.textBody).not.toContain(valid.reason);
  });
});
