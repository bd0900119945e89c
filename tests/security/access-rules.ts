import { type Role, SENSITIVE, type World } from "./fixtures";

/**
 * DESIGN.md "Roles": every loader and action checks its permission on the server, every record read
 * checks ownership. One rule per route path of app/routes.ts; a route without a rule fails
 * access-matrix.test.ts, so a new route has to be classified here before it ships. The HTML check
 * (tests/validators/html-validity.test.ts) walks the same rules to fetch every page as a role that
 * may see it.
 *
 * An expectation is a status, "signin" (302 to /sacred-access?redirectTo=<the path>), or
 * "<status> <location>". POST bodies are mostly deliberately invalid: the answer then shows whether
 * the permission check (which comes first) let the role through (400) or not (302/403/404).
 */
export type Expect = number | string;
type PerRole = Record<Role, Expect>;
export interface Post {
  body: Record<string, string>;
  expect: PerRole;
  /** The action ends the session: each role posts with a session of its own. */
  fresh?: boolean;
}
export interface Rule {
  get: PerRole;
  post?: Post;
  /** The concrete path, with the route's params filled from the world's real records. */
  at?: (ids: World["ids"]) => string;
}

const all = (e: Expect): PerRole => ({ visitor: e, memberA: e, memberB: e, keeper: e, admin: e });
const signedIn = (e: Expect): PerRole => ({ ...all(e), visitor: "signin" });
const ownerOnly = (e: Expect): PerRole => ({ ...all(404), visitor: "signin", memberA: e });
const staff = (e: Expect): PerRole => ({ visitor: "signin", memberA: 403, memberB: 403, keeper: e, admin: e });
const adminOnly = (e: Expect): PerRole => ({ ...staff(e), keeper: 403 });
const publicPost = (body: Record<string, string>, e: Expect): Post => ({ body, expect: all(e) });
const PUBLIC: Rule = { get: all(200) };
const MEMBER: Rule = { get: signedIn(200) };
const signInPage: PerRole = { ...all("302 /dashboard"), visitor: 200 };
const enrolled = (member: Expect): PerRole => ({
  visitor: "signin",
  memberA: member,
  memberB: member,
  keeper: "302 /console",
  admin: "302 /console",
});
const journalUpdate = { title: SENSITIVE.journalTitle, content: SENSITIVE.journalContent, intensity: "6" };

export const RULES: Record<string, Rule> = {
  "/": PUBLIC,
  "/the-invitation": PUBLIC,
  "/the-calling": PUBLIC,
  "/magic": PUBLIC,
  "/magic/feed.xml": PUBLIC,
  "/magic/:slug": { ...PUBLIC, at: (ids) => `/magic/${ids.articleSlug}` },
  "/religious-freedom": PUBLIC,
  "/terms-and-privacy": PUBLIC,
  "/faq": PUBLIC,
  "/contact": { get: all(200), post: publicPost({}, 400) },
  "/request-access": { get: all(200), post: publicPost({}, 400) },
  "/start-your-journey": { get: all(200), post: publicPost({}, 400) },
  "/start": { get: all(200), post: publicPost({}, 400) },
  "/heroic-application": { get: all(200), post: publicPost({}, 400) },
  "/donation-checkout": { get: all(200), post: publicPost({}, 400) },
  // POST-only endpoints answer a GET with 404 (no state change on GET).
  "/guide-chat": { get: all(404), post: publicPost({}, 400) },
  "/donation": { get: all(200), post: publicPost({}, 400) },
  "/donation-success": PUBLIC,
  // The payment id is the capability; without one there is nothing to show.
  "/payments/return": { get: all(404), post: publicPost({ payment: "" }, 404) },
  "/bookings/slots": PUBLIC,
  // Who is signed in (their own name and email only; a visitor's answer is empty).
  "/me": PUBLIC,
  // The booking page (works without JavaScript) and the dialog's and page's POST.
  "/bookings": { get: all(200), post: publicPost({}, 400) },
  // Where a change by the emailed link lands: the outcome only, no booking data (no token in it).
  "/bookings/manage/done": PUBLIC,
  // The emailed manage link is the booker's key, whoever holds it (no account needed).
  "/bookings/manage/:token": {
    get: all(200),
    post: publicPost({ intent: "nothing" }, 400),
    at: (ids) => `/bookings/manage/${ids.bookingToken}`,
  },
  "/booking-confirmed": PUBLIC,
  "/payments/test/:orderId": {
    get: all(200),
    post: publicPost({ decision: "nothing" }, 400),
    at: (ids) => `/payments/test/${ids.orderId}`,
  },
  // The test provider verifies no delivery: every webhook is refused.
  "/payments/webhook": { get: all(404), post: publicPost({}, 400) },
  // Signed-in people are sent on (the page's loader runs after the action, too).
  "/sacred-access": { get: signInPage, post: { body: {}, expect: { ...signInPage, visitor: 400 } } },
  "/services": { get: signInPage, post: { body: {}, expect: { ...signInPage, visitor: 400 } } },
  "/sacred-access/two-factor": { get: all(200), post: publicPost({}, 400) },
  // POST only: a ceremony's options; without naming one there is none to begin.
  "/passkeys/options": { get: all(404), post: publicPost({}, 400) },
  "/forgot-password": { get: all(200), post: publicPost({}, 400) },
  "/reset-password/:token": {
    get: all(200),
    post: publicPost({}, 400),
    at: (ids) => `/reset-password/${ids.resetToken}`,
  },
  "/welcome/:token": { get: all(200), post: publicPost({}, 400), at: (ids) => `/welcome/${ids.inviteToken}` },
  // Used once already by the world: the link confirms nothing more, for anyone.
  "/confirm-email/:token": {
    get: all(410),
    post: publicPost({}, 410),
    at: (ids) => `/confirm-email/${ids.emailChange}`,
  },
  "/sign-out": { get: all("302 /dashboard"), post: { ...publicPost({}, "302 /sacred-access"), fresh: true } },
  "/dashboard": MEMBER,
  "/profile": { get: signedIn(200), post: { body: { intent: "nothing" }, expect: signedIn(400) } },
  "/journals": { get: signedIn(200), post: { body: {}, expect: signedIn(400) } },
  "/journals/:id": {
    get: ownerOnly(200),
    post: { body: journalUpdate, expect: ownerOnly(303) },
    at: (ids) => `/journals/${ids.journalEntry}`,
  },
  "/preparation-guide": { get: signedIn(200), post: { body: { item: "nothing" }, expect: signedIn(400) } },
  "/calendar": { get: signedIn(200), post: { body: { emotion: "nothing" }, expect: signedIn(400) } },
  "/spirit-companion": { get: signedIn(200), post: { body: { intent: "nothing" }, expect: signedIn(400) } },
  "/integration": { get: signedIn(200), post: { body: { intent: "nothing" }, expect: signedIn(400) } },
  "/integration/sessions/:id": {
    get: ownerOnly(200),
    at: (ids) => `/integration/sessions/${ids.integrationSession}`,
  },
  // A share's conversation: its member's alone (another member finds nothing there, nor do staff in the member area).
  "/integration/shares/:id": {
    get: ownerOnly(200),
    post: { body: { intent: "message", message: "Still here, thank you." }, expect: ownerOnly(303) },
    at: (ids) => `/integration/shares/${ids.share}`,
  },
  // The member's own conversations, listed (issue 48): theirs only, read by their session.
  "/messages": MEMBER,
  // A follow-up check-in: its member's alone (another member, and staff in the member area, find nothing).
  "/follow-ups/:id": {
    get: ownerOnly(200),
    post: { body: { intent: "answer" }, expect: ownerOnly(400) },
    at: (ids) => `/follow-ups/${ids.followUp}`,
  },
  // A circle: any member may see it and join (their own place only); the video link is the page's, for those with a place.
  "/circles/:id": {
    get: signedIn(200),
    post: { body: { intent: "nothing" }, expect: signedIn(400) },
    at: (ids) => `/circles/${ids.circle}`,
  },
  // Ceremonies (open in the world): a member's own places; a document and its PDF are their place's alone.
  "/ceremony": { get: signedIn(200), post: { body: { intent: "nothing" }, expect: signedIn(400) } },
  "/ceremony/:placeId/:kind": {
    get: ownerOnly(200),
    post: { body: { intent: "sign" }, expect: ownerOnly(400) },
    at: (ids) => `/ceremony/${ids.ceremonyPlace}/medicines`,
  },
  "/ceremony/:placeId/:kind/pdf": {
    get: ownerOnly(200),
    at: (ids) => `/ceremony/${ids.ceremonyPlace}/client-information/pdf`,
  },
  // Where PayPal sends a donor back: the recurring offering's member alone; the post reads the provider and moves on.
  "/profile/recurring/:id/return": {
    get: ownerOnly(200),
    post: { body: {}, expect: ownerOnly(303) },
    at: (ids) => `/profile/recurring/${ids.recurring}/return`,
  },
  "/meditations": { get: signedIn(200), post: { body: {}, expect: signedIn(400) } },
  "/resources": MEMBER,
  "/help": MEMBER,
  "/profile/export": MEMBER,
  // No fixture gift is approved: every signed-in role gets the "no statement for that year" page.
  "/profile/giving-statement/:year": { get: signedIn(404), at: (ids) => `/profile/giving-statement/${ids.year}` },
  "/integration/sessions/:id/export": {
    get: ownerOnly(200),
    at: (ids) => `/integration/sessions/${ids.integrationSession}/export`,
  },
  // Enrolled staff are sent on to the console; members (two-factor off in the world) may enrol,
  // on their profile's path.
  "/console/two-factor": {
    get: enrolled("302 /profile/two-factor"),
    post: { body: { intent: "start" }, expect: enrolled("302 /profile/two-factor") },
  },
  "/profile/two-factor": { get: enrolled(200), post: { body: { intent: "start" }, expect: enrolled(400) } },
  "/console/quiz.csv": { get: staff(200) },
  "/console/giving.csv": { get: staff(200) },
  "/console/bookings.csv": { get: staff(200) },
  "/console/subscribers.csv": { get: staff(200) },
  "/console": { get: staff(200) },
  "/console/requests": { get: staff(200) },
  "/console/requests/:id": {
    get: staff(200),
    post: { body: { decision: "nothing" }, expect: staff(400) },
    at: (ids) => `/console/requests/${ids.accessRequest}`,
  },
  "/console/members": { get: staff(200) },
  "/console/members/:id": {
    get: staff(200),
    post: { body: { intent: "nothing" }, expect: staff(400) },
    at: (ids) => `/console/members/${ids.memberA}`,
  },
  "/console/inbox": { get: staff(200) },
  "/console/inbox/:id": {
    get: staff(200),
    post: { body: { intent: "reply", reply: "" }, expect: staff(400) },
    at: (ids) => `/console/inbox/${ids.contactMessage}`,
  },
  "/console/newsletter": { get: staff(200) },
  "/console/newsletter/subscribers": { get: staff(200) },
  "/console/newsletter/new": { get: staff(200), post: { body: { subject: "" }, expect: staff(400) } },
  "/console/newsletter/:id": {
    get: staff(200),
    post: { body: { intent: "nothing" }, expect: staff(400) },
    at: (ids) => `/console/newsletter/${ids.newsletterIssue}`,
  },
  "/console/shares": { get: staff(200) },
  // Circles: keepers schedule them and alone see who comes.
  "/console/circles": { get: staff(200), post: { body: { intent: "schedule", title: "" }, expect: staff(400) } },
  "/console/circles/:id": {
    get: staff(200),
    post: { body: { intent: "change", title: "" }, expect: staff(400) },
    at: (ids) => `/console/circles/${ids.circle}`,
  },
  // Ceremony days: keepers schedule them, invite, and read readiness (flags, never answers).
  "/console/ceremonies": { get: staff(200), post: { body: { intent: "schedule", place: "" }, expect: staff(400) } },
  "/console/ceremonies/summary": { get: staff(200) },
  "/console/ceremonies-summary.csv": { get: staff(200) },
  "/console/ceremonies-summary.pdf": { get: staff(200) },
  "/console/ceremonies/:id": {
    get: staff(200),
    post: { body: { intent: "invite", applicationId: "" }, expect: staff(400) },
    at: (ids) => `/console/ceremonies/${ids.ceremonyDay}`,
  },
  // The day's roster: its facilitators (the world's keeper) and admins.
  "/console/ceremonies/:id/roster": { get: staff(200), at: (ids) => `/console/ceremonies/${ids.ceremonyDay}/roster` },
  // The day's record: its facilitators (the world's keeper) and admins, once begun; the world's day is ahead.
  "/console/ceremonies/:id/places/:placeId": {
    get: staff(200),
    post: { body: { intent: "attendance" }, expect: staff(403) },
    at: (ids) => `/console/ceremonies/${ids.ceremonyDay}/places/${ids.ceremonyPlace}`,
  },
  // The keepers' follow-up queue: why and by when, never the answers; members are refused.
  "/console/follow-ups": { get: staff(200), post: { body: { intent: "done", followUpId: "" }, expect: staff(400) } },
  "/console/shares/:id": {
    get: staff(200),
    post: { body: { intent: "reply", reply: "" }, expect: staff(400) },
    at: (ids) => `/console/shares/${ids.share}`,
  },
  "/console/outbox": { get: adminOnly(200), post: { body: { id: "0" }, expect: adminOnly(400) } },
  "/console/audit": { get: adminOnly(200) },
  "/console/applications": { get: staff(200) },
  "/console/applications/:id": {
    get: staff(200),
    post: { body: { intent: "nothing" }, expect: staff(400) },
    at: (ids) => `/console/applications/${ids.application}`,
  },
  "/console/quiz": { get: staff(200) },
  // Refunds are for admins; gift 0 does not exist, hence 409 for them.
  "/console/giving": { get: staff(200), post: { body: { intent: "refund", refund: "0" }, expect: adminOnly(400) } },
  "/console/bookings": { get: staff(200), post: { body: { intent: "nothing" }, expect: staff(400) } },
  // The keepers' handbook (docs/keepers/): staff alone, like every console page; its pictures too.
  "/console/help": { get: staff(200) },
  "/console/help/:page": { get: staff(200), at: () => "/console/help/hard-moments" },
  "/console/help/images/:file": { get: staff(200), at: () => "/console/help/images/overview.jpg" },
  "/thank-you": PUBLIC,
  "/thank-you-sacred-offering": PUBLIC,
  "/newsletter": { get: all(200), post: publicPost({}, 400) },
  // Used once already by the world: a second confirmation is "gone".
  "/newsletter/confirm/:token": {
    get: all(200),
    post: publicPost({}, 410),
    at: (ids) => `/newsletter/confirm/${ids.newsletterConfirm}`,
  },
  "/newsletter/unsubscribe/:token": {
    get: all(200),
    post: publicPost({}, 200),
    at: (ids) => `/newsletter/unsubscribe/${ids.newsletterUnsubscribe}`,
  },
  "/sitemap.xml": PUBLIC,
  "/robots.txt": PUBLIC,
  "/session-calendar": { get: all("301 /calendar") },
  "/integration-sessions": { get: all("301 /integration") },
  "/guided-meditations": { get: all("301 /meditations") },
  "/sacred-resources": { get: all("301 /resources") },
  "/*": { get: all(404), at: () => "/no-such-page-anywhere" },
};
