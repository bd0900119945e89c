import { afterAll, beforeAll, expect, it } from "vitest";
import { quizQuestions } from "../../app/content/readiness-quiz";
import { bookableRange } from "../../app/modules/bookings/time";
import {
  accessRequests,
  applications,
  bookings,
  contactMessages,
  mailOutbox,
  newsletterSubscribers,
  payments,
  quizSubmissions,
  rateLimits,
} from "../../db/schema";
import { describeEachBackend } from "../support/database";
import { postForm, startTestServer, type TestServer } from "../support/server";

/** Each passed the old rule (no spaces, an @, a dot after it); nodemailer would mail someone else. */
const HOSTILE = [
  '=HYPERLINK("http://x.example/?a")@example.org',
  "<script>alert(1)</script>@x.example",
  "grp:x@y.z;",
  '"eve@evil.example"@example.org',
  "ana@example.org,eve@evil.example",
  "ana(eve@evil.example)@example.org",
];

const quizAnswers = Object.fromEntries(quizQuestions.map((q) => [q.id, q.options[0] ?? ""]));

/** Every public form that takes an address, valid apart from it, with its own message (the spec's rules). */
const FORMS: Array<{ path: string; fields: Record<string, string>; message: string }> = [
  { path: "/contact", fields: { name: "Ana", message: "Hello there" }, message: "Please enter a valid email address" },
  {
    path: "/request-access",
    fields: { name: "Ana", reason: "Curious" },
    message: "Please enter a valid email address",
  },
  { path: "/newsletter", fields: {}, message: "Please enter a valid email address." },
  {
    path: "/start-your-journey",
    fields: { intent: "quiz", ...quizAnswers },
    message: "Please enter a valid email address.",
  },
  {
    path: "/heroic-application",
    fields: {
      fullName: "Ana Ruiz",
      age: "30",
      city: "Taos",
      phone: "",
      mentalHealth: "Nothing to report here.",
      medications: "Nothing to report here.",
      priorExperience: "Nothing to report here.",
      intentions: "Nothing to report here.",
      emergencyContact: "Jo Ruiz",
      emergencyPhone: "+1 505 555 0100",
      agreement: "on",
    },
    message: "Please enter a valid email address",
  },
  {
    path: "/donation",
    fields: { intent: "give", amount: "50", donorName: "Ana" },
    message: "Please enter a valid email address",
  },
  {
    path: "/donation-checkout",
    fields: { amount: "5500", donorName: "Ana", cardLast4: "4242" },
    message: "Please enter a valid email address",
  },
  {
    path: "/bookings",
    fields: {
      offerId: "preparation",
      day: bookableRange().first,
      time: "10:00",
      fullName: "Ana",
      phone: "",
      cardLast4: "4242",
    },
    message: "Please fill in all required fields correctly.",
  },
  { path: "/forgot-password", fields: {}, message: "Please enter a valid email address" },
];

/** app/lib/email.ts in every public form: the form's own message, and nothing stored or mailed. */
describeEachBackend("one email rule in every public form", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { PAYMENT_PROVIDER: "test" });
  });
  afterAll(() => server.close());

  it("answers each form's message to an address the mailer would read as another, and stores nothing", async () => {
    const { db } = server.database;
    for (const { path, fields, message } of FORMS) {
      for (const email of HOSTILE) {
        await db.delete(rateLimits);
        const res = await postForm(server, path, { ...fields, email });
        expect(res.status, `${path} ${email}`).toBe(400);
        expect(await res.text(), `${path} ${email}`).toContain(message);
      }
    }
    const tables = { accessRequests, applications, bookings, contactMessages, newsletterSubscribers, quizSubmissions };
    for (const [name, table] of Object.entries({ ...tables, payments, mailOutbox })) {
      expect(await db.select().from(table), name).toHaveLength(0);
    }
  });

  it("takes the same forms with a real-world address (the rule is not simply stricter everywhere)", async () => {
    const { db } = server.database;
    for (const { path, fields } of FORMS) {
      await db.delete(rateLimits);
      const res = await postForm(server, path, { ...fields, email: "O'Brien+tag@Sub.Example.ie" });
      expect(res.status, path).toBeLessThan(400);
    }
    const [contact] = await db.select().from(contactMessages);
    expect(contact?.email).toBe("o'brien+tag@sub.example.ie");
  });
});
