import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/schema";
import { applications } from "../intake/schema";
import { DOCUMENT_KINDS } from "./documents";

/**
 * A ceremony day (issue 49): where and when, how many places, who leads. Scheduled by keepers
 * whether or not ceremonies are open (CEREMONIES); members see it only when they are.
 */
export const ceremonyDays = pgTable(
  "ceremony_days",
  {
    id: serial("id").primaryKey(),
    place: text("place").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    capacity: integer("capacity").notNull(),
    status: text("status", { enum: ["scheduled", "cancelled"] })
      .notNull()
      .default("scheduled"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    /** When the after-care of its participants was planned (once, after the day ended). */
    aftercarePlannedAt: timestamp("aftercare_planned_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ceremony_days_starts_idx").on(t.startsAt), index("ceremony_days_ends_idx").on(t.endsAt)],
);
export type CeremonyDay = typeof ceremonyDays.$inferSelect;

/** The staff accounts who lead a ceremony day. */
export const ceremonyFacilitators = pgTable(
  "ceremony_facilitators",
  {
    dayId: integer("day_id")
      .notNull()
      .references(() => ceremonyDays.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.dayId, t.userId] }), index("ceremony_facilitators_user_idx").on(t.userId)],
);

export const placeStatuses = ["invited", "accepted", "declined", "confirmed", "released"] as const;
export type PlaceStatus = (typeof placeStatuses)[number];

/**
 * A member's place on a ceremony day, from the keepers' invitation (an approved applicant on the
 * waitlist) to their answer (`accepted`, `declined`) and the keepers' confirmation once the packet
 * is signed and every flag settled; `released` when a keeper gives the place back.
 */
export const ceremonyPlaces = pgTable(
  "ceremony_places",
  {
    id: serial("id").primaryKey(),
    dayId: integer("day_id")
      .notNull()
      .references(() => ceremonyDays.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    applicationId: text("application_id").references(() => applications.id, { onDelete: "set null" }),
    status: text("status", { enum: placeStatuses }).notNull().default("invited"),
    invitedById: text("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The last reminder of what the packet misses (an email with a link, no content), at most one a day. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ceremony_places_one_idx").on(t.dayId, t.userId),
    index("ceremony_places_user_idx").on(t.userId, t.id),
  ],
);
export type CeremonyPlace = typeof ceremonyPlaces.$inferSelect;

/**
 * One signed document of a place's readiness packet. The answers and the typed name are sealed
 * together (AAD: the row's id, as an application's health answers); the signature's other parts
 * (the document's version, when, which account, from which address) are in the clear for the
 * record. A withdrawn document stays, marked, so what was signed when is never lost; at most one
 * document of each kind is signed at a time.
 */
export const readinessDocuments = pgTable(
  "readiness_documents",
  {
    id: text("id").primaryKey(),
    placeId: integer("place_id")
      .notNull()
      .references(() => ceremonyPlaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    version: text("version").notNull(),
    sealed: text("sealed").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    signedIp: text("signed_ip"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("readiness_documents_signed_idx").on(t.placeId, t.kind).where(sql`${t.withdrawnAt} is null`),
    index("readiness_documents_user_idx").on(t.userId, t.signedAt),
  ],
);
export type ReadinessDocument = typeof readinessDocuments.$inferSelect;

/**
 * What the screening of a signed document found (screening.ts): a code and its reason for the
 * keepers, never the answers themselves. `excludes` rules a person out of this ceremony;
 * `judgement` waits for a keeper. Settled by a keeper (who, when); a withdrawn document's
 * unsettled flags go with it.
 */
export const ceremonyFlags = pgTable(
  "ceremony_flags",
  {
    id: serial("id").primaryKey(),
    placeId: integer("place_id")
      .notNull()
      .references(() => ceremonyPlaces.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => readinessDocuments.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    severity: text("severity", { enum: ["excludes", "judgement"] }).notNull(),
    urgent: boolean("urgent").notNull().default(false),
    /** A keeper's judgement: `cleared` (the place may go ahead) or `declined` (not this ceremony: the place is released). */
    outcome: text("outcome", { enum: ["cleared", "declined"] }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    settledById: text("settled_by_id").references(() => users.id, { onDelete: "set null" }),
    settledByName: text("settled_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ceremony_flags_place_idx").on(t.placeId, t.id)],
);
export type CeremonyFlag = typeof ceremonyFlags.$inferSelect;

/**
 * A place's preparation session (OAR 333-333-5000): one per place, between 90 days and 24 hours
 * before the ceremony, led by a keeper; marked held (who, when) once it has taken place. A place
 * is confirmed only after it was held.
 */
export const preparationSessions = pgTable("preparation_sessions", {
  placeId: integer("place_id")
    .primaryKey()
    .references(() => ceremonyPlaces.id, { onDelete: "cascade" }),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  keeperId: text("keeper_id").references(() => users.id, { onDelete: "set null" }),
  keeperName: text("keeper_name").notNull(),
  heldAt: timestamp("held_at", { withTimezone: true }),
  heldById: text("held_by_id").references(() => users.id, { onDelete: "set null" }),
  heldByName: text("held_by_name"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
export type PreparationSession = typeof preparationSessions.$inferSelect;

/**
 * What happened on the day for one place: arrival and departure, whether the transportation plan
 * was followed (and if not, what was arranged), and the facilitators' session notes. The notes and
 * the arrangement are sealed (AAD: the place's id). Read and changed only by the day's facilitators
 * and admins, every read and change audited.
 */
export const ceremonyAttendance = pgTable("ceremony_attendance", {
  placeId: integer("place_id")
    .primaryKey()
    .references(() => ceremonyPlaces.id, { onDelete: "cascade" }),
  arrivedAt: timestamp("arrived_at", { withTimezone: true }),
  departedAt: timestamp("departed_at", { withTimezone: true }),
  transportFollowed: boolean("transport_followed"),
  sealed: text("sealed"),
  recordedById: text("recorded_by_id").references(() => users.id, { onDelete: "set null" }),
  recordedByName: text("recorded_by_name").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const reactionSeverities = ["mild", "moderate", "severe", "life-threatening"] as const;
export type ReactionSeverity = (typeof reactionSeverities)[number];

/**
 * An adverse behavioural or physical reaction during or after a ceremony: when, how severe,
 * whether emergency services were called, and (sealed, AAD the report's id) what happened, what
 * was done and the follow-up owed. The congregation keeps it even when the member's account is
 * deleted (the place and account links are then cleared), for its yearly safety summary and any
 * inquiry; it never holds the member's journal or packet.
 */
export const adverseReactions = pgTable(
  "adverse_reactions",
  {
    id: serial("id").primaryKey(),
    dayId: integer("day_id")
      .notNull()
      .references(() => ceremonyDays.id, { onDelete: "restrict" }),
    placeId: integer("place_id").references(() => ceremonyPlaces.id, { onDelete: "set null" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    severity: text("severity", { enum: reactionSeverities }).notNull(),
    emergencyCalled: boolean("emergency_called").notNull(),
    sealed: text("sealed").notNull(),
    reportedById: text("reported_by_id").references(() => users.id, { onDelete: "set null" }),
    reportedByName: text("reported_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("adverse_reactions_day_idx").on(t.dayId), index("adverse_reactions_occurred_idx").on(t.occurredAt)],
);
export type AdverseReaction = typeof adverseReactions.$inferSelect;
