import type { World } from "./fixtures";
import { HOSTILE_VALUES } from "./hostile-forms";

export interface LoaderQuery {
  /** Every query parameter the route's loader or page reads (URLSearchParams get, has or getAll). */
  params: string[];
  /** The concrete path when the pattern has params. */
  at?: (ids: World["ids"]) => string;
}

/**
 * One entry per route of app/routes.ts, by pattern. A route missing here, or a loader or page that
 * reads a query parameter not listed (hostile-urls.test.ts records every read), fails, so a new
 * parameter is fed hostile values from its first day.
 */
export const LOADER_QUERIES: Record<string, LoaderQuery> = {
  "/": { params: [] },
  "/the-invitation": { params: [] },
  "/the-calling": { params: [] },
  "/magic": { params: ["q", "category"] },
  "/magic/feed.xml": { params: [] },
  "/magic/:slug": { params: [], at: (ids) => `/magic/${ids.articleSlug}` },
  "/religious-freedom": { params: [] },
  "/terms-and-privacy": { params: [] },
  "/faq": { params: [] },
  "/contact": { params: ["offer", "done"] },
  "/request-access": { params: ["done"] },
  "/start-your-journey": { params: ["quiz", "result"] },
  "/start": { params: ["quiz", "result"] },
  "/heroic-application": { params: ["done"] },
  "/donation-checkout": { params: ["payment"] },
  "/donation": { params: ["payment"] },
  "/guide-chat": { params: [] },
  "/passkeys/options": { params: [] },
  "/donation-success": { params: [] },
  "/payments/return": { params: ["payment", "cancelled"] },
  "/bookings/slots": { params: ["offer", "day"] },
  "/bookings": { params: ["offer", "from", "day"] },
  "/bookings/manage/:token": { params: ["day", "from"], at: (ids) => `/bookings/manage/${ids.bookingToken}` },
  "/bookings/manage/done": { params: ["outcome"] },
  "/booking-confirmed": { params: ["kind"] },
  "/payments/test/:orderId": { params: [], at: (ids) => `/payments/test/${ids.orderId}` },
  "/payments/webhook": { params: [] },
  "/sacred-access": { params: ["redirectTo", "done"] },
  "/services": { params: ["redirectTo"] },
  "/sacred-access/two-factor": { params: ["redirectTo"] },
  "/forgot-password": { params: ["done"] },
  "/reset-password/:token": { params: [], at: (ids) => `/reset-password/${ids.resetToken}` },
  "/welcome/:token": { params: [], at: (ids) => `/welcome/${ids.inviteToken}` },
  "/confirm-email/:token": { params: ["done"], at: (ids) => `/confirm-email/${ids.emailChange}` },
  "/sign-out": { params: [] },
  "/dashboard": { params: [] },
  "/profile": { params: ["edit", "done"] },
  "/journals": { params: ["q", "after", "done"] },
  "/journals/:id": { params: ["edit", "done"], at: (ids) => `/journals/${ids.journalEntry}` },
  "/preparation-guide": { params: ["done"] },
  "/calendar": { params: ["date", "range", "done"] },
  "/spirit-companion": { params: ["insights", "done"] },
  "/integration": { params: ["mode", "q", "done"] },
  "/integration/sessions/:id": { params: [], at: (ids) => `/integration/sessions/${ids.integrationSession}` },
  "/integration/shares/:id": { params: ["done", "before"], at: (ids) => `/integration/shares/${ids.share}` },
  "/follow-ups/:id": { params: ["done"], at: (ids) => `/follow-ups/${ids.followUp}` },
  "/circles/:id": { params: ["done"], at: (ids) => `/circles/${ids.circle}` },
  "/profile/recurring/:id/return": { params: ["cancelled"], at: (ids) => `/profile/recurring/${ids.recurring}/return` },
  "/meditations": { params: ["done"] },
  "/resources": { params: [] },
  "/profile/export": { params: [] },
  "/profile/giving-statement/:year": { params: [], at: (ids) => `/profile/giving-statement/${ids.year}` },
  "/integration/sessions/:id/export": {
    params: ["format"],
    at: (ids) => `/integration/sessions/${ids.integrationSession}/export`,
  },
  "/console/two-factor": { params: [] },
  "/profile/two-factor": { params: [] },
  "/console/quiz.csv": { params: ["recommendation", "email"] },
  "/console/giving.csv": { params: ["from", "to", "kind"] },
  "/console/bookings.csv": { params: ["from", "days"] },
  "/console/subscribers.csv": { params: ["status", "email"] },
  "/console": { params: [] },
  "/console/requests": { params: ["status", "before"] },
  "/console/requests/:id": { params: ["done"], at: (ids) => `/console/requests/${ids.accessRequest}` },
  "/console/members": { params: ["q", "before"] },
  "/console/members/:id": { params: ["record", "done"], at: (ids) => `/console/members/${ids.memberA}` },
  "/console/inbox": { params: ["show"] },
  "/console/inbox/:id": { params: ["done"], at: (ids) => `/console/inbox/${ids.contactMessage}` },
  "/console/newsletter": { params: [] },
  "/console/newsletter/subscribers": { params: ["status", "email", "before"] },
  "/console/newsletter/new": { params: ["done"] },
  "/console/newsletter/:id": { params: ["done"], at: (ids) => `/console/newsletter/${ids.newsletterIssue}` },
  "/console/shares": { params: ["show", "before"] },
  "/console/follow-ups": { params: ["done"] },
  "/console/circles": { params: ["done"] },
  "/console/circles/:id": { params: ["done"], at: (ids) => `/console/circles/${ids.circle}` },
  "/console/shares/:id": { params: ["done", "before"], at: (ids) => `/console/shares/${ids.share}` },
  "/console/outbox": { params: ["before", "done"] },
  "/console/audit": { params: ["action", "person", "before"] },
  "/console/applications": { params: ["status", "before"] },
  "/console/applications/:id": { params: ["done"], at: (ids) => `/console/applications/${ids.application}` },
  "/console/quiz": { params: ["recommendation", "email", "before"] },
  "/console/giving": { params: ["from", "to", "kind", "before", "done"] },
  "/console/bookings": { params: ["from", "days", "done"] },
  "/thank-you": { params: [] },
  "/thank-you-sacred-offering": { params: [] },
  "/newsletter": { params: ["done"] },
  "/newsletter/confirm/:token": { params: [], at: (ids) => `/newsletter/confirm/${ids.newsletterConfirm}` },
  "/newsletter/unsubscribe/:token": {
    params: [],
    at: (ids) => `/newsletter/unsubscribe/${ids.newsletterUnsubscribe}`,
  },
  "/sitemap.xml": { params: [] },
  "/robots.txt": { params: [] },
  "/session-calendar": { params: [] },
  "/integration-sessions": { params: [] },
  "/guided-meditations": { params: [] },
  "/sacred-resources": { params: [] },
  "/*": { params: [], at: () => "/no-such-page-anywhere" },
};

/** A journal archive cursor as the app writes one (base64url of "instant|id"). */
const cursor = (text: string) => Buffer.from(text).toString("base64url");

/**
 * What every query and path parameter is fed: the form values (shortened to fit Node's 16 KiB
 * header limit, which answers 431 before the app), then the dates, numbers, ids and cursors that
 * broke or could break a loader: impossible and out-of-range days, years PostgreSQL or `Date`
 * refuse, instants, negative, fractional, huge and hexadecimal numbers, and forged cursors.
 */
export const HOSTILE_URL_VALUES: Record<string, string> = {
  ...HOSTILE_VALUES,
  oversized: "ॐ".repeat(150),
  empty: "",
  impossibleDay: "2026-99-99",
  yearZero: "0000-01-01",
  fiveDigitYear: "99999-01-01",
  february31: "2026-02-31",
  signedYear: "+275760-09-13",
  instantYearZero: "0000-01-01T00:00:00.000Z",
  instantHuge: "9999-12-31T23:59:59.999Z",
  bareNumberAsDate: "1",
  negative: "-1",
  zero: "0",
  fraction: "1.5",
  huge: "1e308",
  overInt: "2147483648",
  hex: "0x10",
  infinity: "Infinity",
  notANumber: "NaN",
  cursorYearZero: cursor("0000-01-01T00:00:00.000Z|x"),
  cursorNoId: cursor("2026-01-01T00:00:00.000Z"),
  cursorGarbage: "!!!***",
  uuidLike: "00000000-0000-0000-0000-000000000000",
};
