import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { bookableRange } from "../../app/modules/bookings/time";
import { allArticles } from "../../app/modules/content/articles";
import {
  accessRequests,
  applications,
  circleSignups,
  circles,
  companionMessages,
  contactMessages,
  facilitatorShares,
  followUps,
  integrationSessions,
  journalEntries,
  mailOutbox,
  newsletterIssues,
  payments,
  rateLimits,
  recurringGifts,
  testProviderSubscriptions,
  twoFactors,
  users,
} from "../../db/schema";
import { createAccount, post, signIn, signInStaff, type TestAccount } from "../support/accounts";
import { applicationFields } from "../support/applications";
import { type LoggedServer, rememberCookie, rememberSecret } from "../support/logged-server";
import { postForm } from "../support/server";
import { worldCeremony } from "./world-ceremony";

export const ROLES = ["visitor", "memberA", "memberB", "keeper", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** A card number a careless form might post; the app must never log or store it. */
export const CARD_NUMBER = "4242424242424242";

/** Sensitive text (DESIGN.md "Data and privacy") the suite stores; none of it may reach a log. */
export const SENSITIVE = {
  journalTitle: "Owl-feather dusk ritual",
  journalContent: "The grief for my brother loosened like river ice in the third hour.",
  reflection: "My grandmother's voice came through the smoke, violet-lantern-7731.",
  share: "Private share for the keepers: cobalt-heron-5521 still haunts me.",
  medical: "Lithium 300mg twice daily, amber-quartz-9042",
  application: "Treated for psychosis in 2020, saffron-moth-6613.",
  contact: "A question I would rather not see in a log: indigo-wren-4410.",
  companion: "Only the companion knows this: jade-lynx-3318.",
} as const;

export interface World {
  server: LoggedServer;
  accounts: Record<Exclude<Role, "visitor">, TestAccount>;
  cookies: Record<Role, string>;
  staffSecrets: { keeper: string; admin: string };
  ids: {
    journalEntry: string;
    integrationSession: string;
    share: number;
    /** The companion's reply to member A (one that A could save as an insight). */
    companionReply: number;
    application: string;
    accessRequest: number;
    memberA: string;
    /** An account no test signs in as, for staff actions that change a person. */
    bystander: string;
    /** A keeper with two-factor on whom no test signs in as (its reset is swept, never done). */
    lostAuthenticator: string;
    bookingToken: string;
    orderId: string;
    paymentId: string;
    resetToken: string;
    inviteToken: string;
    newsletterConfirm: string;
    /** A link that confirmed a new sign-in address (used up, as a second confirmation would find it). */
    emailChange: string;
    newsletterUnsubscribe: string;
    articleSlug: string;
    year: string;
    contactMessage: number;
    newsletterIssue: number;
    /** Member A's follow-up check-in, open (due yesterday) and waiting for a keeper (a low score). */
    followUp: number;
    /** An integration circle a week ahead, with places, in which member A has one. */
    circle: number;
    /** Member A's monthly offering, active, with its test provider subscription. */
    recurring: string;
    /** A ceremony day a month ahead (CEREMONIES open), led by the keeper. */
    ceremonyDay: number;
    /** Member A's accepted place on it, its client information form signed. */
    ceremonyPlace: number;
  };
}

const linkToken = async (server: LoggedServer, pattern: RegExp): Promise<string> => {
  const rows = await server.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
  const found = rows.map((r) => r.textBody.match(pattern)?.[1]).find(Boolean);
  if (!found) throw new Error(`no mail with ${pattern}`);
  rememberSecret(found);
  return found;
};

export const clearLimits = (server: LoggedServer) => server.database.db.delete(rateLimits);

/**
 * Everyone in the access matrix and one of each record they might reach for, created through the
 * app's own HTTP forms where that is cheap (so the records are what real use produces).
 */
export async function buildWorld(server: LoggedServer): Promise<World> {
  const { db } = server.database;
  const memberA = await createAccount(server, "member", "Alma Member");
  const memberB = await createAccount(server, "member", "Bruno Member");
  const keeper = await createAccount(server, "keeper", "Kira Keeper");
  const admin = await createAccount(server, "admin", "Ada Admin");
  for (const a of [memberA, memberB, keeper, admin]) rememberSecret(a.password);
  const cookieA = (await signIn(server, memberA.username, memberA.password)).cookie;
  const cookieB = (await signIn(server, memberB.username, memberB.password)).cookie;
  const staffK = await signInStaff(server, keeper);
  const staffA = await signInStaff(server, admin);
  const cookies = { visitor: "", memberA: cookieA, memberB: cookieB, keeper: staffK.cookie, admin: staffA.cookie };
  for (const c of Object.values(cookies)) rememberCookie(c);
  rememberSecret(staffK.secret, staffA.secret);
  for (const text of Object.values(SENSITIVE)) rememberSecret(text);
  rememberSecret(CARD_NUMBER);

  const ok = (res: Response, what: string) => expect(res.status, what).toBeLessThan(400);
  ok(
    await post(server, "/journals", cookieA, {
      title: SENSITIVE.journalTitle,
      content: SENSITIVE.journalContent,
      intensity: "6",
      ceremonyContext: "",
    }),
    "journal entry",
  );
  ok(
    await post(server, "/integration", cookieA, {
      intent: "save-session",
      title: "Session at the threshold",
      reflection: SENSITIVE.reflection,
    }),
    "integration session",
  );
  ok(
    await post(server, "/integration", cookieA, { intent: "share", kind: "share", content: SENSITIVE.share }),
    "share",
  );
  ok(
    await post(server, "/spirit-companion", cookieA, { intent: "message", message: SENSITIVE.companion }),
    "companion message",
  );
  ok(
    await post(server, "/profile", cookieA, {
      intent: "medical",
      mentalHealthHistory: "None to speak of",
      currentMedications: SENSITIVE.medical,
      allergies: "",
      medicalConditions: "",
    }),
    "medical record",
  );
  const applicant = applicationFields({
    fullName: "Alma Member",
    email: memberA.email,
    mentalHealth: SENSITIVE.application,
  });
  ok(await post(server, "/heroic-application", cookieA, applicant), "application");
  ok(
    await postForm(server, "/request-access", { name: "Rhea Seeker", email: "rhea@example.org", reason: "Curious." }),
    "access request",
  );
  ok(
    await postForm(server, "/request-access", { name: "Ivo Invited", email: "ivo@example.org", reason: "Ready." }),
    "second access request",
  );
  const [invited] = await db.select().from(accessRequests).where(eq(accessRequests.email, "ivo@example.org"));
  ok(await post(server, `/console/requests/${invited?.id}`, staffK.cookie, { decision: "approve" }), "approval");
  const inviteToken = await linkToken(server, /\/welcome\/([A-Za-z0-9_-]+)/);

  // A booking with a card number in an extra field, as a careless client might send it.
  const booking = await postForm(server, "/bookings", {
    offerId: "preparation",
    day: bookableRange().first,
    time: "10:00",
    fullName: "Alma Member",
    email: memberA.email,
    phone: "",
    cardLast4: "4242",
    cardNumber: CARD_NUMBER,
  });
  ok(booking, "booking");
  const bookingToken = await linkToken(server, /\/bookings\/manage\/([A-Za-z0-9_-]+)/);
  await clearLimits(server);
  const gift = await postForm(server, "/donation", {
    intent: "give",
    amount: "50",
    donorName: "Alma Member",
    email: memberA.email,
    cardNumber: CARD_NUMBER,
  });
  const orderId = gift.headers.get("location")?.match(/\/payments\/test\/([^/?]+)/)?.[1];
  if (!orderId) throw new Error(`no test approval redirect: ${gift.status} ${gift.headers.get("location")}`);
  const [payment] = await db.select().from(payments).orderBy(desc(payments.createdAt)).limit(1);

  // A keeper with two-factor on whom no test signs in as: an admin's reset of it is swept, never done.
  const lostAuthenticator = await createAccount(server, "keeper", "Lost Authenticator");
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, lostAuthenticator.id));
  await db
    .insert(twoFactors)
    .values({ id: `tf-${lostAuthenticator.id}`, secret: "x", backupCodes: "x", userId: lostAuthenticator.id });

  const resetUser = await createAccount(server, "member", "Reset Person");
  rememberSecret(resetUser.password);
  ok(await postForm(server, "/forgot-password", { email: resetUser.email }), "reset request");
  const resetToken = await linkToken(server, /\/reset-password\/([A-Za-z0-9_-]+)/);
  const mover = await createAccount(server, "member", "Moving Person");
  rememberSecret(mover.password);
  const moverSession = await signIn(server, mover.username, mover.password);
  rememberCookie(moverSession.cookie);
  ok(
    await post(server, "/profile", moverSession.cookie, {
      intent: "email",
      newEmail: `moved-${randomBytes(3).toString("hex")}@example.org`,
      currentPassword: mover.password,
    }),
    "email change",
  );
  const emailChange = await linkToken(server, /\/confirm-email\/([A-Za-z0-9_-]+)/);
  ok(await postForm(server, `/confirm-email/${emailChange}`, {}), "email confirmation");

  ok(
    await postForm(server, "/contact", { name: "Cora Writer", email: "cora@example.org", message: SENSITIVE.contact }),
    "contact",
  );
  await clearLimits(server);

  const subscriber = `news-${randomBytes(3).toString("hex")}@example.org`;
  ok(await postForm(server, "/newsletter", { email: subscriber }), "newsletter");
  const newsletterConfirm = await linkToken(server, /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/);
  ok(await postForm(server, `/newsletter/confirm/${newsletterConfirm}`, {}), "newsletter confirmation");
  const newsletterUnsubscribe = await linkToken(server, /\/newsletter\/unsubscribe\/([A-Za-z0-9_-]+)/);
  await clearLimits(server);

  const [scheduled] = await db
    .insert(circles)
    .values({
      title: "New Moon Circle",
      description: "An hour together.",
      startsAt: new Date(Date.now() + 7 * 86_400_000),
      minutes: 60,
      capacity: 8,
      videoUrl: "https://meet.example.org/new-moon",
      createdByName: "Keeper",
    })
    .returning({ id: circles.id });
  const circle = scheduled?.id ?? 0;
  await db.insert(circleSignups).values({ circleId: circle, userId: memberA.id, status: "attending" });

  const ceremony = await worldCeremony(server, keeper.id, memberA.id);

  const recurring = randomBytes(16)
    .toString("hex")
    .replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5");
  await db.insert(recurringGifts).values({
    id: recurring,
    userId: memberA.id,
    provider: "test",
    subscriptionId: `TEST-SUB-${recurring}`,
    interval: "month",
    amountCents: 4400,
    status: "active",
    donorName: memberA.name,
    donorEmail: memberA.email,
    startedAt: new Date(),
  });
  await db.insert(testProviderSubscriptions).values({
    id: `TEST-SUB-${recurring}`,
    recurringId: recurring,
    amountCents: 4400,
    interval: "month",
    description: "Monthly offering to the church - $44.00",
    status: "active",
    nextBillingAt: new Date(Date.now() + 30 * 86_400_000),
    returnUrl: `${server.url}/profile/recurring/${recurring}/return`,
    cancelUrl: `${server.url}/profile/recurring/${recurring}/return?cancelled=1`,
  });

  const only = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new Error(`no ${what}`);
    return row;
  };
  return {
    server,
    accounts: { memberA, memberB, keeper, admin },
    cookies,
    staffSecrets: { keeper: staffK.secret, admin: staffA.secret },
    ids: {
      journalEntry: (await only(db.select().from(journalEntries).where(eq(journalEntries.userId, memberA.id)), "entry"))
        .id,
      integrationSession: (
        await only(db.select().from(integrationSessions).where(eq(integrationSessions.userId, memberA.id)), "session")
      ).id,
      share: (await only(db.select().from(facilitatorShares).where(eq(facilitatorShares.userId, memberA.id)), "share"))
        .id,
      companionReply: (
        await only(
          db
            .select()
            .from(companionMessages)
            .where(and(eq(companionMessages.userId, memberA.id), eq(companionMessages.role, "companion"))),
          "companion reply",
        )
      ).id,
      application: (await only(db.select().from(applications).where(eq(applications.email, memberA.email)), "app")).id,
      accessRequest: (
        await only(db.select().from(accessRequests).where(eq(accessRequests.email, "rhea@example.org")), "request")
      ).id,
      memberA: memberA.id,
      bystander: resetUser.id,
      lostAuthenticator: lostAuthenticator.id,
      bookingToken,
      orderId,
      paymentId: payment?.id ?? "",
      resetToken,
      inviteToken,
      newsletterConfirm,
      emailChange,
      newsletterUnsubscribe,
      articleSlug: allArticles()[0]?.slug ?? "",
      ceremonyDay: ceremony.day,
      ceremonyPlace: ceremony.place,
      year: String(new Date().getUTCFullYear()),
      contactMessage: (await only(db.select().from(contactMessages), "contact message")).id,
      newsletterIssue: (
        await only(
          db
            .insert(newsletterIssues)
            .values({ subject: "A draft", body: "Hello.", authorName: "Keeper" })
            .returning({ id: newsletterIssues.id }),
          "newsletter issue",
        )
      ).id,
      followUp: (
        await only(
          db
            .insert(followUps)
            .values({
              userId: memberA.id,
              // Two weeks on: the WHO-5 (a check-in before that is a short one in the member's words).
              days: 14,
              dueAt: new Date(Date.now() - 86_400_000),
              invitedAt: new Date(),
              careReason: "low",
              careDueAt: new Date(Date.now() + 86_400_000),
            })
            .returning({ id: followUps.id }),
          "follow-up",
        )
      ).id,
      circle,
      recurring,
    },
  };
}

/** A request as `role` sends it from our own origin; redirects are not followed. */
export function as(world: World, role: Role, method: "GET" | "POST", path: string, body?: URLSearchParams) {
  // As a page of the site sends it (a GET that records a read counts only the site's own: issue 45).
  const headers: Record<string, string> = { Origin: world.server.url, "Sec-Fetch-Site": "same-origin" };
  if (world.cookies[role]) headers.cookie = world.cookies[role];
  if (body) headers["Content-Type"] = "application/x-www-form-urlencoded";
  return fetch(`${world.server.url}${path}`, { method, headers, body, redirect: "manual" });
}
