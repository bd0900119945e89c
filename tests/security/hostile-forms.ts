import { quizQuestions } from "../../app/content/readiness-quiz";
import { bookableRange } from "../../app/modules/bookings/time";
import type { Role, World } from "./fixtures";

/** Who posts: a role of the world, or a keeper who has not turned two-factor on yet. */
export type Poster = Role | "enrolling";

/** A passkey's answer in the shape the browser gives, signed by nothing the site knows. */
const PASSKEY_ANSWER = JSON.stringify({
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA", attestationObject: "AAAA" },
});

export interface HostileForm {
  /** The route pattern of app/routes.ts whose action receives the form. */
  route: string;
  by: Poster;
  /** The concrete path when the pattern has params. */
  at?: (ids: World["ids"]) => string;
  /** A plausible submission: each field is then replaced by each hostile value in turn. */
  fields: Record<string, string>;
  /** Fields the form may be sent without (left empty, an unticked box, no card): all others are required. */
  optional?: string[];
  /** Fields this action never reads (another intent's, or none): any value, or none, changes nothing. */
  unread?: string[];
}

/** A circle as the keepers' form sends it (far ahead, so it is always in the future). */
const CIRCLE_FIELDS = {
  title: "Circle",
  description: "Together.",
  day: "2099-01-10",
  time: "18:30",
  minutes: "60",
  capacity: "8",
  videoUrl: "https://meet.example.org/x",
};

/** Values that have broken real forms: sizes, encodings, types, injections. */
export const HOSTILE_VALUES: Record<string, string> = {
  oversized: "ॐ".repeat(100_000),
  rtlEmojiNul: "\u202Egnp.exe\u202C 🙏🏽‍🔥 nul\u0000byte \uFEFF",
  sqlLike: "' OR 1=1 --",
  sqlStacked: "1; DROP TABLE users; --",
  scriptTag: "<script>window.__xss=1</script>",
  attributeBreak: '"><img src=x onerror=alert(1)>',
  hugeNumber: "99999999999999999999",
  negativeFraction: "-1.5e308",
  pathLike: "../../../etc/passwd",
  /** A same-site-looking path with characters a header cannot carry or a browser drops. */
  controlPath: "/\t/evil.example/\r\n\u3000",
};

const part = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const B = "----SacredFormBoundary7MA4YWxkTrZu0gW";
const multipart = `--${B}\r\n${part("name", "Ana")}--${B}--\r\n`;

/**
 * Form bodies no browser sends, each with its Content-Type: multipart without a boundary, with
 * another boundary than the body's, with an empty one, cut off mid-part, with a part that has no
 * name, and urlencoded bodies with broken percent-encoding and bytes that are not UTF-8. The
 * last is a well-formed multipart body, for the methods no page sends.
 */
export const MALFORMED_BODIES: Record<string, [contentType: string, body: string]> = {
  multipartNoBoundary: ["multipart/form-data", multipart],
  multipartOtherBoundary: ["multipart/form-data; boundary=other", multipart],
  multipartEmptyBoundary: ["multipart/form-data; boundary=", `--\r\n${part("name", "Ana")}----\r\n`],
  multipartTruncated: [`multipart/form-data; boundary=${B}`, multipart.slice(0, -12)],
  multipartNoName: [
    `multipart/form-data; boundary=${B}`,
    `--${B}\r\nContent-Type: text/plain\r\n\r\nAna\r\n--${B}--\r\n`,
  ],
  multipartEmpty: [`multipart/form-data; boundary=${B}`, ""],
  multipartLookalike: [`multipart/form-dataX; boundary=${B}`, multipart],
  urlencodedBadPercent: ["application/x-www-form-urlencoded", "name=%zz&email=%E0%A4%A&message=%"],
  urlencodedNotUtf8: ["application/x-www-form-urlencoded", "name=%FF%FE%C0%AF&email=\xff\xfe&message=%ED%A0%80"],
  multipartValid: [`multipart/form-data; boundary=${B}`, multipart],
};

const day = bookableRange().first;
const quizAnswers = Object.fromEntries(quizQuestions.map((q) => [q.id, q.options[0] ?? ""]));
const journal = { title: "A title", content: "Ten or more characters.", intensity: "5", ceremonyContext: "" };

/**
 * Every form of every action, as the page sends it. An action route missing here fails the
 * hostile-input test, so a new action is fed hostile values from its first day.
 */
export const HOSTILE_FORMS: HostileForm[] = [
  { route: "/contact", by: "visitor", fields: { name: "Ana", email: "ana@example.org", message: "Hello there" } },
  { route: "/request-access", by: "visitor", fields: { name: "Ana", email: "ana@example.org", reason: "Curious" } },
  { route: "/start-your-journey", by: "visitor", fields: { intent: "quiz", email: "q@example.org", ...quizAnswers } },
  { route: "/start", by: "visitor", fields: { intent: "apply", offer: "preparation", agreement: "on" } },
  {
    route: "/heroic-application",
    by: "memberB",
    fields: {
      fullName: "Ana Ruiz",
      age: "30",
      city: "Taos",
      phone: "",
      email: "ana@example.org",
      mentalHealth: "Nothing to report here.",
      medications: "Nothing to report here.",
      priorExperience: "Nothing to report here.",
      intentions: "Nothing to report here.",
      emergencyContact: "Jo Ruiz",
      emergencyPhone: "+1 505 555 0100",
      agreement: "on",
    },
    optional: ["phone"],
  },
  {
    route: "/donation-checkout",
    by: "visitor",
    fields: { email: "ana@example.org", amount: "5500", donorName: "Ana", cardLast4: "0002", coverFee: "on" },
    // Without a card (no JavaScript) the provider's approval page takes the payment.
    optional: ["cardLast4", "coverFee"],
  },
  { route: "/guide-chat", by: "visitor", fields: { message: "What should I bring?" } },
  {
    route: "/donation",
    by: "visitor",
    fields: { amount: "50", donorName: "Ana", email: "a@b.org", coverFee: "on", frequency: "once" },
    optional: ["coverFee", "frequency"],
  },
  // Every month, signed in: member A's form (a visitor's is refused for the sign-in, under "How often").
  {
    route: "/donation",
    by: "memberA",
    fields: { amount: "50", donorName: "Ana", email: "a@b.org", coverFee: "on", frequency: "month" },
    // Without it the offering is given once (a page from before recurring offerings).
    optional: ["coverFee", "frequency"],
  },
  // Back from PayPal's approval page: member A's own offering (active: turning back changes nothing of it).
  {
    route: "/profile/recurring/:id/return",
    by: "memberA",
    at: (ids) => `/profile/recurring/${ids.recurring}/return`,
    fields: { cancelled: "1" },
    optional: ["cancelled"],
  },
  { route: "/payments/return", by: "visitor", fields: { payment: "missing", cancelled: "1" } },
  // The booking dialog posts to the booking page of its offer and day.
  {
    route: "/bookings",
    by: "visitor",
    at: () => `/bookings?offer=preparation&day=${day}`,
    fields: {
      offerId: "preparation",
      day,
      time: "14:00",
      fullName: "Ana",
      email: "a@b.org",
      phone: "",
      cardLast4: "0002",
    },
    optional: ["phone", "cardLast4"],
  },
  // The booking page without JavaScript: no card (the provider's approval page takes the payment).
  {
    route: "/bookings",
    by: "visitor",
    at: () => `/bookings?offer=microdose&day=${day}`,
    fields: { offerId: "microdose", day, time: "16:00", fullName: "Ana", email: "a@b.org", phone: "" },
    optional: ["phone"],
  },
  {
    route: "/bookings/manage/:token",
    by: "visitor",
    at: (ids) => `/bookings/manage/${ids.bookingToken}`,
    // A time that is no slot: every variant is refused, so the link stays usable for the rest.
    fields: { intent: "reschedule", day, time: "03:00" },
  },
  {
    route: "/payments/test/:orderId",
    by: "visitor",
    at: (ids) => `/payments/test/${ids.orderId}`,
    fields: { decision: "cancel" },
  },
  {
    route: "/payments/webhook",
    by: "visitor",
    fields: { id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED" },
    // Nothing of a delivery is read before PayPal's signature verifies it, and a form never does.
    unread: ["id", "event_type"],
  },
  {
    route: "/sacred-access",
    by: "visitor",
    fields: { emailOrUsername: "nobody", password: "secret1", redirectTo: "/" },
  },
  // Same action as /sacred-access; without a password it answers before the (slow) argon2 check.
  { route: "/services", by: "visitor", fields: { emailOrUsername: "nobody" } },
  { route: "/sacred-access/two-factor", by: "visitor", fields: { code: "123456", redirectTo: "/console" } },
  // What a passkey signed, as the browser's prompt answers (JSON); a made-up one is refused.
  {
    route: "/sacred-access",
    by: "visitor",
    fields: { intent: "passkey", credential: PASSKEY_ANSWER, redirectTo: "/" },
    optional: ["redirectTo"],
  },
  {
    route: "/sacred-access/two-factor",
    by: "visitor",
    fields: { intent: "passkey", credential: PASSKEY_ANSWER, redirectTo: "/" },
    optional: ["redirectTo"],
  },
  { route: "/passkeys/options", by: "visitor", fields: { ceremony: "sign-in" } },
  { route: "/forgot-password", by: "visitor", fields: { email: "nobody@example.org" } },
  {
    route: "/reset-password/:token",
    by: "visitor",
    at: (ids) => `/reset-password/${ids.resetToken}`,
    fields: { password: "short", confirmPassword: "other" },
  },
  {
    route: "/welcome/:token",
    by: "visitor",
    at: (ids) => `/welcome/${ids.inviteToken}`,
    fields: { username: "x", password: "short", confirmPassword: "other" },
  },
  { route: "/sign-out", by: "visitor", fields: { redirectTo: "/" }, unread: ["redirectTo"] },
  {
    route: "/profile",
    by: "memberB",
    fields: { intent: "basic", fullName: "Bruno", phone: "", age: "", city: "" },
    optional: ["phone", "age", "city"],
  },
  {
    route: "/profile",
    by: "memberB",
    fields: { intent: "medical", mentalHealthHistory: "", currentMedications: "" },
    optional: ["mentalHealthHistory", "currentMedications"],
  },
  {
    route: "/profile",
    by: "memberB",
    fields: { intent: "clothing", shirtSize: "M", specialRequests: "" },
    optional: ["shirtSize", "specialRequests"],
  },
  {
    route: "/profile",
    by: "memberB",
    fields: { intent: "dietary", dietaryRestrictions: "", dietaryPreferences: "" },
    optional: ["dietaryRestrictions", "dietaryPreferences"],
  },
  {
    route: "/profile",
    by: "memberB",
    fields: { intent: "settings", timezone: "UTC", emailNotifications: "on" },
    optional: ["emailNotifications"],
  },
  // A recurring offering's forms name the offering; memberB has none (as with a passkey, refused as not theirs).
  {
    route: "/profile",
    by: "memberB",
    fields: { intent: "recurring-amount", recurring: "none", amount: "50", coverFee: "on" },
    optional: ["coverFee"],
  },
  { route: "/profile", by: "memberB", fields: { intent: "recurring-cancel", recurring: "none" } },
  { route: "/profile", by: "memberB", fields: { intent: "password", currentPassword: "x", password: "y" } },
  { route: "/profile", by: "memberB", fields: { intent: "email", newEmail: "n@example.org", currentPassword: "x" } },
  { route: "/profile", by: "memberB", fields: { intent: "end-session", sessionId: "none" } },
  // Shown while two-factor is on (memberB has it off: its refusal is the form's own alert).
  { route: "/profile", by: "memberB", fields: { intent: "renew-recovery-codes", twoFactorPassword: "x" } },
  { route: "/profile", by: "memberB", fields: { intent: "two-factor-off", twoFactorPassword: "x" } },
  { route: "/profile/two-factor", by: "memberB", fields: { intent: "start", password: "x" } },
  { route: "/profile", by: "memberB", fields: { intent: "add-passkey", name: "Phone", credential: PASSKEY_ANSWER } },
  { route: "/profile", by: "memberB", fields: { intent: "remove-passkey", passkeyId: "none" } },
  {
    route: "/profile",
    by: "memberB",
    fields: { intent: "rename-passkey", renamePasskeyId: "none", newPasskeyName: "Phone" },
  },
  // memberB has no passkey yet: the card says to add one first, and shows this form's refusal.
  { route: "/profile/two-factor", by: "memberB", fields: { intent: "passkeys", passkeyPassword: "x" } },
  {
    route: "/journals",
    by: "memberB",
    fields: { ...journal, emotions: "Joy", bodySensations: "Warmth" },
    // SPEC.md: intensity defaults to 5; the context and the chips may be left as they are.
    optional: ["intensity", "ceremonyContext", "emotions", "bodySensations"],
  },
  {
    route: "/journals/:id",
    by: "memberA",
    at: (ids) => `/journals/${ids.journalEntry}`,
    fields: { ...journal },
    optional: ["intensity", "ceremonyContext"],
  },
  { route: "/preparation-guide", by: "memberB", fields: { item: "intention", checked: "true" } },
  { route: "/calendar", by: "memberB", fields: { emotion: "Peaceful" } },
  { route: "/spirit-companion", by: "memberB", fields: { intent: "message", message: "Hello" } },
  {
    route: "/spirit-companion",
    by: "memberB",
    fields: { intent: "save-insight", category: "reflection", title: "T", content: "C" },
  },
  { route: "/spirit-companion", by: "memberB", fields: { intent: "delete-insight", id: "1" } },
  { route: "/spirit-companion", by: "memberB", fields: { intent: "keep-message", messageId: "1" } },
  { route: "/spirit-companion", by: "memberB", fields: { intent: "keep-practice", practiceId: "gratitude" } },
  { route: "/spirit-companion", by: "memberB", fields: { intent: "practice", practiceId: "gratitude", done: "true" } },
  {
    route: "/integration",
    by: "memberB",
    fields: { intent: "save-session", title: "T", reflection: "R", tags: "Healing", insights: "" },
    optional: ["tags", "insights"],
  },
  {
    route: "/integration",
    by: "memberB",
    fields: { intent: "share", kind: "share", content: "C", anonymous: "on" },
    optional: ["anonymous"],
  },
  {
    route: "/integration",
    by: "memberB",
    fields: { intent: "attach-vision", prompt: "p", seed: "p1", sessionId: "x" },
  },
  { route: "/meditations", by: "memberB", fields: { intent: "complete", meditationId: "breath", seconds: "60" } },
  { route: "/console/two-factor", by: "enrolling", fields: { intent: "confirm", code: "000000", secret: "S" } },
  {
    route: "/console/requests/:id",
    by: "keeper",
    at: (ids) => `/console/requests/${ids.accessRequest}`,
    fields: { decision: "maybe", message: "" },
    // The message to the requester is optional (a decision may go without one).
    optional: ["message"],
  },
  {
    route: "/console/members/:id",
    by: "admin",
    at: (ids) => `/console/members/${ids.bystander}`,
    fields: { intent: "role", role: "member" },
  },
  {
    route: "/console/members/:id",
    by: "admin",
    at: (ids) => `/console/members/${ids.lostAuthenticator}`,
    // Unticked, as the form is sent before its box: every variant is refused, so nothing is reset.
    fields: { intent: "reset-two-factor", confirm: "" },
  },
  {
    route: "/console/shares/:id",
    by: "keeper",
    at: (ids) => `/console/shares/${ids.share}`,
    fields: { intent: "reply", reply: "" },
  },
  {
    route: "/console/shares/:id",
    by: "keeper",
    at: (ids) => `/console/shares/${ids.share}`,
    fields: { intent: "take" },
  },
  {
    // Handing back (issue 48): only the keeper who holds it changes anything.
    route: "/console/shares/:id",
    by: "keeper",
    at: (ids) => `/console/shares/${ids.share}`,
    fields: { intent: "release" },
  },
  {
    // A share shown shut (reached from another site's link) opens on the keeper's press: issue 45.
    route: "/console/shares/:id",
    by: "keeper",
    at: (ids) => `/console/shares/${ids.share}`,
    fields: { intent: "open" },
  },
  {
    route: "/circles/:id",
    by: "memberB",
    at: (ids) => `/circles/${ids.circle}`,
    fields: { intent: "join" },
  },
  {
    route: "/circles/:id",
    by: "memberA",
    at: (ids) => `/circles/${ids.circle}`,
    fields: { intent: "leave" },
  },
  {
    route: "/console/circles",
    by: "keeper",
    fields: { intent: "schedule", ...CIRCLE_FIELDS },
  },
  {
    route: "/console/circles/:id",
    by: "keeper",
    at: (ids) => `/console/circles/${ids.circle}`,
    fields: { intent: "change", ...CIRCLE_FIELDS },
  },
  {
    // After the change above: the circle is cancelled once, and every later post is refused with its message.
    route: "/console/circles/:id",
    by: "keeper",
    at: (ids) => `/console/circles/${ids.circle}`,
    fields: { intent: "cancel" },
  },
  {
    route: "/console/ceremonies",
    by: "keeper",
    // No facilitator ticked (their ids are the world's): every send is refused, each field named by its own message.
    fields: {
      intent: "schedule",
      place: "The Cedar House",
      day: "2099-01-10",
      starts: "09:00",
      ends: "17:00",
      capacity: "6",
    },
  },
  {
    // Member A holds a place on the day already: every invitation is refused with its message.
    route: "/console/ceremonies/:id",
    by: "keeper",
    at: (ids) => `/console/ceremonies/${ids.ceremonyDay}`,
    fields: { intent: "invite", applicationId: "0" },
  },
  {
    // The world's day is ahead: its record is not open yet, and every post is refused with that message.
    route: "/console/ceremonies/:id/places/:placeId",
    by: "keeper",
    at: (ids) => `/console/ceremonies/${ids.ceremonyDay}/places/${ids.ceremonyPlace}`,
    fields: { intent: "attendance", placeId: "1", arrived: "09:05", departed: "17:40", transportFollowed: "yes" },
    optional: ["arrived", "departed", "transportFollowed"],
  },
  {
    // Member A's place is accepted already: the answer is refused with its message.
    route: "/ceremony",
    by: "memberA",
    fields: { intent: "accept", placeId: "1" },
  },
  {
    route: "/ceremony/:placeId/:kind",
    by: "memberA",
    at: (ids) => `/ceremony/${ids.ceremonyPlace}/safety-plan`,
    fields: {
      intent: "sign",
      supportName: "Ada Lovelace",
      supportPhone: "+15055550101",
      emergencyName: "Mary Somerville",
      emergencyPhone: "+15055550102",
      whatHelps: "Quiet.",
      signature: "Alma Member",
    },
  },
  {
    route: "/ceremony/:placeId/:kind",
    by: "memberA",
    at: (ids) => `/ceremony/${ids.ceremonyPlace}/client-information`,
    fields: { intent: "withdraw" },
  },
  {
    route: "/follow-ups/:id",
    by: "memberA",
    at: (ids) => `/follow-ups/${ids.followUp}`,
    fields: { intent: "answer", q1: "3", q2: "3", q3: "4", q4: "2", q5: "3", note: "Steadier than I feared." },
    optional: ["note"],
  },
  {
    route: "/console/follow-ups",
    by: "keeper",
    // No such item: a 404 that changes nothing, so the sweep leaves the world's item waiting.
    fields: { intent: "done", followUpId: "999999" },
  },
  {
    route: "/integration/shares/:id",
    by: "memberA",
    at: (ids) => `/integration/shares/${ids.share}`,
    fields: { intent: "message", message: "M" },
  },
  {
    // "Mark as read": the page's own post (a GET from another site's link reads nothing: issue 45).
    route: "/integration/shares/:id",
    by: "memberA",
    at: (ids) => `/integration/shares/${ids.share}`,
    fields: { intent: "read" },
  },
  {
    route: "/console/inbox/:id",
    by: "keeper",
    at: (ids) => `/console/inbox/${ids.contactMessage}`,
    fields: { intent: "reply", reply: "" },
  },
  {
    route: "/console/newsletter/new",
    by: "keeper",
    fields: { subject: "Spring", format: "markdown", body: "Hello." },
  },
  {
    route: "/console/newsletter/:id",
    by: "keeper",
    at: (ids) => `/console/newsletter/${ids.newsletterIssue}`,
    fields: { intent: "save", subject: "Spring", format: "plain", body: "Hello.", confirm: "" },
    // The box that confirms a sending: saving a draft does not read it.
    unread: ["confirm"],
  },
  { route: "/console/outbox", by: "admin", fields: { id: "1" } },
  {
    route: "/console/applications/:id",
    by: "keeper",
    at: (ids) => `/console/applications/${ids.application}`,
    // "Add note only" sends its own button, not a decision's.
    fields: { intent: "note", text: "" },
  },
  { route: "/console/giving", by: "admin", fields: { intent: "refund", refund: "1" } },
  {
    route: "/console/giving",
    by: "admin",
    fields: {
      intent: "record",
      donorName: "Ana Ruiz",
      email: "ana@example.org",
      amount: "40",
      givenOn: "2026-01-04",
      method: "cheque",
      chequeNumber: "1042",
      sendReceipt: "on",
    },
    optional: ["sendReceipt"],
  },
  { route: "/console/bookings", by: "keeper", fields: { intent: "block", day, reason: "" } },
  { route: "/newsletter", by: "visitor", fields: { email: "n@example.org" } },
  { route: "/confirm-email/:token", by: "visitor", at: (ids) => `/confirm-email/${ids.emailChange}`, fields: {} },
  {
    route: "/newsletter/confirm/:token",
    by: "visitor",
    at: (ids) => `/newsletter/confirm/${ids.newsletterConfirm}`,
    fields: {},
  },
  {
    route: "/newsletter/unsubscribe/:token",
    by: "visitor",
    at: (ids) => `/newsletter/unsubscribe/${ids.newsletterUnsubscribe}`,
    fields: {},
  },
];
