import { z } from "zod/mini";
import { checkbox } from "~/lib/checkbox";
import { isDay } from "~/lib/dates";
import { nameField, phoneField } from "~/lib/person-fields";
import { CLIENT_QUESTIONS, type DocumentKind } from "./documents";
import { CEREMONY_MESSAGES as M } from "./messages";

const yesNo = () => z.enum(["yes", "no"], M.answer);
const text = (required: boolean, max = 2000) =>
  z.string().check(z.trim(), z.minLength(required ? 1 : 0, M.required), z.maxLength(max, M.textLong));
/** The signature: the member's full name, typed. */
const signature = z
  .string()
  .check(z.trim(), z.minLength(2, M.signature), z.maxLength(100, M.signatureLong), z.regex(/\p{L}/u, M.signature));

const clientShape = Object.fromEntries(CLIENT_QUESTIONS.map((q) => [q.name, yesNo()])) as {
  [K in (typeof CLIENT_QUESTIONS)[number]["name"]]: ReturnType<typeof yesNo>;
};

/** Each document's form: its answers and the signature. */
export const DOCUMENT_SCHEMAS = {
  "client-information": z.object({ ...clientShape, notes: text(false), signature }),
  medicines: z.object({ medicines: text(true), devices: text(false, 1000), signature }),
  "safety-plan": z.object({
    supportName: nameField(true),
    supportPhone: phoneField(true),
    emergencyName: nameField(true),
    emergencyPhone: phoneField(true),
    whatHelps: text(true),
    signature,
  }),
  transportation: z.object({
    driverName: nameField(true),
    driverPhone: phoneField(true),
    arrangement: text(false, 1000),
    noDriving: z.pipe(checkbox(), z.literal(true, M.noDriving)),
    signature,
  }),
  "touch-consent": z.object({ touch: z.enum(["yes", "no"], M.touch), limits: text(false, 1000), signature }),
  rights: z.object({ acknowledged: z.pipe(checkbox(), z.literal(true, M.rights)), signature }),
} as const satisfies Record<DocumentKind, z.ZodMiniType>;

/** A document's schema, its answers typed as the rights' (each kind's are typed again by the packet). */
export const documentSchema = (kind: DocumentKind) =>
  DOCUMENT_SCHEMAS[kind] as unknown as (typeof DOCUMENT_SCHEMAS)["rights"];

const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.time));

/** The keepers' form for a ceremony day: its times read in the keeper's own zone. */
export const ceremonyDaySchema = z.object({
  place: z.string().check(z.trim(), z.minLength(1, M.place), z.maxLength(200, M.placeLong)),
  day: z.string().check(z.refine(isDay, M.day)),
  starts: hhmm,
  ends: hhmm,
  capacity: z.string().check(z.refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 30, M.capacity)),
  facilitators: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1, M.facilitators)),
});
export type CeremonyDayForm = z.infer<typeof ceremonyDaySchema>;

export const inviteSchema = z.object({ applicationId: z.string().check(z.minLength(1), z.maxLength(64)) });

const placeId = z.string().check(z.regex(/^\d{1,9}$/, M.missingPlace));

/** A preparation session's time, in the keeper's zone, for one place. */
export const preparationSchema = z.object({
  placeId,
  day: z.string().check(z.refine(isDay, M.day)),
  time: hhmm,
});
export const placeSchema = z.object({ placeId });
export const settleSchema = z.object({ placeId, flagId: z.string().check(z.regex(/^\d{1,9}$/, M.missingPlace)) });

const optionalTime = z.string().check(z.regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, M.time));

/** The day's record for one participant: times on the ceremony's date, in the keeper's zone. */
export const attendanceSchema = z.object({
  placeId,
  arrived: optionalTime,
  departed: optionalTime,
  transportFollowed: z.enum(["yes", "no", ""], M.transport),
  arranged: text(false, 1000),
  notes: text(false, 4000),
});
export type AttendanceForm = z.infer<typeof attendanceSchema>;

/** An adverse reaction's report (or its correction, with its id). */
export const reactionSchema = z.object({
  placeId,
  reactionId: z.optional(z.string().check(z.regex(/^\d{0,9}$/, M.missingPlace))),
  nextDay: checkbox(),
  time: hhmm,
  severity: z.enum(["mild", "moderate", "severe", "life-threatening"], M.severity),
  emergencyCalled: z.enum(["yes", "no"], M.emergency),
  whatHappened: z.string().check(z.trim(), z.minLength(1, M.whatHappened), z.maxLength(4000, M.textLong)),
  whatDone: z.string().check(z.trim(), z.minLength(1, M.whatDone), z.maxLength(4000, M.textLong)),
  followUp: text(false, 2000),
});
export type ReactionForm = z.infer<typeof reactionSchema>;
