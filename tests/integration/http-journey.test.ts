import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { quizQuestions } from "../../app/content/readiness-quiz";
import { mailOutbox, quizSubmissions, rateLimits } from "../../db/schema";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

describeEachBackend("the journey page, the readiness quiz and the guide chat over HTTP", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
    await server.database.db.delete(quizSubmissions);
    await server.database.db.delete(mailOutbox);
  });

  /** Answers by option position (0-3), q1..q7. */
  const answers = (...positions: number[]) =>
    Object.fromEntries(quizQuestions.map((q, i) => [q.id, q.options[positions[i] ?? 0] ?? ""]));
  const quiz = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    postForm(server, "/start-your-journey", { intent: "quiz", ...fields }, headers);

  it("serves the same page at /start and /start-your-journey, canonical to the latter", async () => {
    for (const path of ["/start", "/start-your-journey"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain('rel="canonical" href="http://localhost:3000/start-your-journey"');
      for (const text of ["Spiritual Intake", "Divine Journey (6-8 hours)", "The Reborn", "Take the Readiness Quiz"]) {
        expect(html, text).toContain(text);
      }
      for (const text of ["$600", "$900", "Sliding scale from $6,800+", "currently paused"]) {
        expect(html, text).toContain(text);
      }
    }
  });

  it("stores the quiz, computes the recommendation on the server and emails it", async () => {
    const res = await quiz(
      { email: " Seeker@Example.org ", ...answers(2, 3, 0, 3, 2, 3, 3) },
      { "User-Agent": "x".repeat(300) },
    );
    // Without JavaScript: redirect after post, to the thank-you view with its recommendation.
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/start-your-journey?quiz&result=divine-journey");
    const landed = await (await fetch(`${server.url}/start-your-journey?quiz&result=divine-journey`)).text();
    expect(landed).toContain("Thank you for your honesty");
    expect(landed).toContain("Apply for the Divine Journey");
    expect(landed).toContain("Back to Start Your Journey");
    const [row] = await server.database.db.select().from(quizSubmissions);
    expect(row).toMatchObject({ email: "seeker@example.org", recommendation: "divine-journey" });
    expect(row?.answers.q1).toBe(quizQuestions[0]?.options[2]);
    expect(row?.userAgent).toHaveLength(100);
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "quiz.recommendation"));
    expect(mail?.toAddress).toBe("seeker@example.org");
    expect(mail?.textBody).toContain("/heroic-application");
  });

  it("points a person in crisis to care, not to a ceremony", async () => {
    const res = await quiz({ email: "a@example.org", ...answers(3, 3, 3, 3, 3, 3, 3) });
    const landed = await (await fetch(`${server.url}${res.headers.get("location")}`)).text();
    expect(landed).toContain("Begin with Care and Support");
  });

  it("shows the whole quiz as one form without JavaScript, and a made-up result as no result", async () => {
    const html = await (await fetch(`${server.url}/start-your-journey?quiz`)).text();
    for (const q of quizQuestions) expect(html, q.id).toContain(`name="${q.id}"`);
    expect(html).toContain('name="email"');
    expect(html).toContain("See my recommendation");
    for (const made of ["constructor", "toString", "nothing"]) {
      const page = await fetch(`${server.url}/start-your-journey?quiz&result=${made}`);
      expect(page.status, made).toBe(200);
      expect(await page.text(), made).not.toContain("Thank you for your honesty");
    }
  });

  it("keeps the answers and the email after an error, and stores a quiz once per one-time key", async () => {
    const bad = await quiz({ email: "seeker at example", ...answers(1, 1, 1, 1, 1, 1, 1), q5: "" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('value="seeker at example"');
    expect(html).toContain("Please select an option");
    expect(html).toContain("Please enter a valid email address.");
    const checked = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].filter((m) => m[0].includes("checked"));
    expect(checked).toHaveLength(6);
    expect(checked[0]?.[0]).toContain(`value="${quizQuestions[0]?.options[1]}"`);

    const key = "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f";
    const first = await quiz({ email: "once@example.org", ...answers(), _key: key });
    const again = await quiz({ email: "once@example.org", ...answers(), _key: key });
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await server.database.db.select().from(quizSubmissions)).toHaveLength(1);
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(1);
  });

  it("refuses a bad email, a missing answer or an answer not among the options, storing nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: "not an email", ...answers() }, "Please enter a valid email address."],
      [{ email: `${"a".repeat(250)}@example.org`, ...answers() }, "Please enter a valid email address."],
      [{ email: "a@example.org", ...answers(), q4: "" }, "Please select an option"],
      [{ email: "a@example.org", ...answers(), q7: "Something I made up" }, "Please select an option"],
    ];
    for (const [fields, message] of cases) {
      const res = await quiz(fields);
      expect(res.status, message).toBe(400);
      expect(await res.text(), message).toContain(message);
    }
    expect(await server.database.db.select().from(quizSubmissions)).toHaveLength(0);
    expect(await server.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("limits quiz submissions per email and per connection with the spec's message", async () => {
    for (let i = 0; i < 3; i++) expect((await quiz({ email: "same@example.org", ...answers() })).status).toBe(303);
    const fourth = await quiz({ email: "same@example.org", ...answers() });
    expect(fourth.status).toBe(429);
    expect(await fourth.text()).toContain("Please wait before submitting again.");
    for (let i = 0; i < 6; i++) await quiz({ email: `p${i}@example.org`, ...answers() });
    const overIp = await quiz({ email: "fresh@example.org", ...answers() });
    expect(overIp.status).toBe(429);
    expect(await server.database.db.select().from(quizSubmissions)).toHaveLength(9);
  });

  it("checks the sacred agreement on the server before Apply leads anywhere", async () => {
    const refused = await postForm(server, "/start-your-journey", { intent: "apply", offer: "heroic" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please read and agree to the sacred agreement first.");
    const heroic = await postForm(server, "/start-your-journey", { intent: "apply", offer: "heroic", agreement: "on" });
    expect(heroic.headers.get("location")).toBe("/heroic-application");
    const prep = await postForm(server, "/start-your-journey", {
      intent: "apply",
      offer: "preparation",
      agreement: "on",
    });
    // Without JavaScript a session is booked on its own page, not "not open yet".
    expect(prep.headers.get("location")).toBe("/bookings?offer=preparation");
    const booking = await (await fetch(`${server.url}/bookings?offer=preparation`)).text();
    expect(booking).toContain("Choose a day");
    expect(booking).not.toContain("Online booking is not open yet");
    // An old link to the contact form for a session leads to the booking page too.
    const old = await fetch(`${server.url}/contact?offer=preparation`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/bookings?offer=preparation");
  });

  it("answers the guide chat on the server and refuses an empty message", async () => {
    const res = await postForm(server, "/guide-chat", { message: "  I feel nervous <b>about</b> it  " });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { echo: string; reply: { text: string } } };
    expect(body.data.echo).toBe("I feel nervous babout/b it");
    expect(body.data.reply.text).toContain("natural to feel some fear");
    const empty = await postForm(server, "/guide-chat", { message: " <> " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      formError: { title: "Message required", description: "Please enter a message." },
    });
  });

  it("answers joining questions with The Calling and /contact (membership is free), booking with the session", async () => {
    type Reply = { data: { reply: { text: string; links: Array<{ href: string }> } } };
    const ask = async (message: string) =>
      ((await (await postForm(server, "/guide-chat", { message })).json()) as Reply).data.reply;
    for (const question of ["How do I join the church?", "How can I become a member?", "sign up"]) {
      const reply = await ask(question);
      expect(reply.text, question).toContain("Membership of the church is free");
      expect(reply.text, question).not.toContain("$600");
      expect(reply.links.map((l) => l.href)).toEqual(["/the-invitation#how-to-join", "/contact"]);
    }
    const booking = await ask("How much does a preparation session cost?");
    expect(booking.text).toContain("a $600 donation");
    expect(booking.links[0]?.href).toBe("/start-your-journey#offer-preparation");
  });

  it("refuses the sixth chat message in 15 minutes, also from a second app instance", async () => {
    for (let i = 0; i < 5; i++)
      expect((await postForm(server, "/guide-chat", { message: `hello ${i}` })).status).toBe(200);
    const sixth = await postForm(server, "/guide-chat", { message: "hello again" });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sixth.json()).toMatchObject({
      formError: { title: "Too many messages", description: "Please wait before sending another message." },
    });
    // The count lives in the database: a restart or another instance does not reset it.
    const other = await startTestServer(backend, {}, server.database);
    try {
      expect((await postForm(other, "/guide-chat", { message: "hi" })).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("refuses a chat message posted from another site", async () => {
    const res = await postForm(server, "/guide-chat", { message: "hi" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});
