// Every member and console page, list and export that npm run bench:scale measures (issue 47), in
// one place. tests/integration/scale-pages.test.ts fails naming any member or console route, or
// CSV/export route, of app/routes.ts that is missing here: a new page is measured from its first day.
import type { ScaleResult } from "./scale-fixture";

export interface ScalePage {
  /** The route's path as app/routes.ts writes it (console routes with their "console/" prefix). */
  route: string;
  who: "member" | "keeper";
  /** The URL to request, from the fixture's ids; null: not measured (then `skip` says why). */
  path: (ids: ScaleResult & { year: number; requestId: number; contactId: number; issueId: number }) => string | null;
  /** A download: it sends every row it is asked for, so only its time is compared. */
  download?: boolean;
  skip?: string;
}

const member = (route: string, path: ScalePage["path"] = () => `/${route}`, more: Partial<ScalePage> = {}) => ({
  route,
  who: "member" as const,
  path,
  ...more,
});
const keeper = (route: string, path: ScalePage["path"] = () => `/${route}`, more: Partial<ScalePage> = {}) => ({
  route,
  who: "keeper" as const,
  path,
  ...more,
});

export const SCALE_PAGES: ScalePage[] = [
  member("dashboard"),
  member("profile"),
  member("profile/recurring/:id/return", () => null, {
    skip: "PayPal's return after approving a recurring gift: it acts on a pending subscription, no list",
  }),
  member("journals"),
  member("journals/:id", (ids) => `/journals/${ids.journalId}`),
  member("preparation-guide"),
  member("calendar"),
  member("spirit-companion"),
  member("integration"),
  member("integration/sessions/:id", (ids) => `/integration/sessions/${ids.sessionId}`),
  member("integration/shares/:id", (ids) => `/integration/shares/${ids.conversationId}`),
  member("follow-ups/:id", (ids) => `/follow-ups/${ids.followUpId}`),
  member("circles/:id", (ids) => `/circles/${ids.circleId}`),
  member("ceremony"),
  // The member's place on the coming day; their past ceremonies are on /ceremony.
  member("ceremony/:placeId/:kind", (ids) => `/ceremony/${ids.ceremonyPlaceId}/client-information`),
  member("ceremony/:placeId/:kind/pdf", (ids) => `/ceremony/${ids.ceremonyPlaceId}/client-information/pdf`, {
    download: true,
  }),
  member("meditations"),
  member("resources"),
  member("messages"),
  member("help"),
  member("profile/export", undefined, { download: true }),
  member("profile/giving-statement/:year", (ids) => `/profile/giving-statement/${ids.year}`, { download: true }),
  member("integration/sessions/:id/export", (ids) => `/integration/sessions/${ids.sessionId}/export`, {
    download: true,
  }),
  keeper("console"),
  keeper("console/two-factor", () => null, { skip: "the keeper's own two-factor enrolment: no data grows on it" }),
  keeper("console/requests"),
  keeper("console/requests/:id", (ids) => `/console/requests/${ids.requestId}`),
  keeper("console/members"),
  keeper("console/members/:id", (ids) => `/console/members/${ids.memberId}`),
  keeper("console/shares"),
  keeper("console/shares/:id", (ids) => `/console/shares/${ids.conversationId}`),
  keeper("console/follow-ups"),
  keeper("console/circles"),
  keeper("console/circles/:id", (ids) => `/console/circles/${ids.circleId}`),
  keeper("console/inbox"),
  keeper("console/inbox/:id", (ids) => `/console/inbox/${ids.contactId}`),
  keeper("console/newsletter"),
  keeper("console/newsletter/subscribers"),
  keeper("console/newsletter/new"),
  keeper("console/newsletter/:id", (ids) => `/console/newsletter/${ids.issueId}`),
  keeper("console/outbox"),
  keeper("console/audit"),
  keeper("console/applications"),
  keeper("console/applications/:id", () => null, {
    skip: "the fixture writes no ceremony applications yet (their health answers are sealed per row)",
  }),
  keeper("console/quiz"),
  keeper("console/giving"),
  keeper("console/bookings"),
  keeper("console/quiz.csv", undefined, { download: true }),
  keeper("console/giving.csv", undefined, { download: true }),
  keeper("console/bookings.csv", undefined, { download: true }),
  keeper("console/subscribers.csv", undefined, { download: true }),
  // Counts only, by aggregate queries on the days' and reactions' time indexes: this year's.
  keeper("console/ceremonies"),
  // The coming day (a day holds at most 30 places, so its pages are bounded by that, not by the years).
  keeper("console/ceremonies/:id", (ids) => `/console/ceremonies/${ids.ceremonyDayId}`),
  keeper(
    "console/ceremonies/:id/places/:placeId",
    (ids) => `/console/ceremonies/${ids.ceremonyDayId}/places/${ids.ceremonyPlaceId}`,
  ),
  keeper("console/ceremonies/:id/roster", (ids) => `/console/ceremonies/${ids.ceremonyDayId}/roster`),
  keeper("console/ceremonies/summary"),
  keeper("console/ceremonies-summary.csv", undefined, { download: true }),
  keeper("console/ceremonies-summary.pdf", undefined, { download: true }),
  keeper("console/help"),
  keeper("console/help/:page", () => "/console/help/hard-moments"),
  keeper("console/help/images/:file", () => null, { skip: "a picture bundled with the build: no data grows on it" }),
];
