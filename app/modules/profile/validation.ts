import { z } from "zod/mini";
import { checkbox } from "~/lib/checkbox";
import { ageField, cityField, nameField, phoneField } from "~/lib/person-fields";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/messages";
import { PROFILE_MESSAGES } from "./messages";

const trimmed = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

export const basicProfileSchema = z.object({
  fullName: nameField(true),
  phone: phoneField(false),
  age: ageField(false),
  city: cityField(false),
  emergencyContact: nameField(false),
  emergencyPhone: phoneField(false),
});

export const medicalRecordSchema = z.object({
  mentalHealthHistory: trimmed(2000, PROFILE_MESSAGES.textLong),
  currentMedications: trimmed(2000, PROFILE_MESSAGES.textLong),
  allergies: trimmed(2000, PROFILE_MESSAGES.textLong),
  medicalConditions: trimmed(2000, PROFILE_MESSAGES.textLong),
  /** Ticked means "keep it private". */
  isPrivate: checkbox(),
});
export type MedicalRecord = Omit<z.infer<typeof medicalRecordSchema>, "isPrivate">;

export const clothingSchema = z.object({
  shirtSize: trimmed(20, PROFILE_MESSAGES.sizeLong),
  pantSize: trimmed(20, PROFILE_MESSAGES.sizeLong),
  shoeSize: trimmed(20, PROFILE_MESSAGES.sizeLong),
  specialRequests: trimmed(500, PROFILE_MESSAGES.shortLong),
});

export const dietarySchema = z.object({
  dietaryRestrictions: trimmed(500, PROFILE_MESSAGES.shortLong),
  dietaryPreferences: trimmed(500, PROFILE_MESSAGES.shortLong),
  dietaryAllergies: trimmed(500, PROFILE_MESSAGES.shortLong),
});

/**
 * The spec's member settings, in its order, with its defaults (schema.ts). Each one decides whether a
 * mail is sent (accounts/mail-settings.server.ts wantsMail). SPEC.md's "Private profile" and "Anonymous data
 * sharing" are left out: no member ever sees another's name, and no report counts check-ins, so
 * neither switch could change anything.
 */
export const SETTINGS = [
  {
    key: "emailNotifications",
    label: "Email notifications",
    hint: "An email when your facilitator replies to what you shared. The reply itself stays in your member area.",
  },
  {
    key: "sessionReminders",
    label: "Session reminders",
    hint: "An email the day before a session you booked while signed in.",
  },
  {
    key: "integrationPrompts",
    label: "Integration prompts",
    hint: "One email after a booked session has ended, inviting you to record its integration.",
  },
  {
    key: "followUps",
    label: "Follow-up check-ins",
    hint: "After a booked session, a few short check-ins on how you are (by default 2 days, 2 weeks and 3 months after). Only you see your answers; a keeper may write if one goes unanswered or sounds hard.",
  },
  {
    key: "journalReminders",
    label: "Journal reminders",
    hint: "A gentle email on Sunday evening, in your time zone, in weeks you have not written in your journal.",
  },
] as const;
export type SettingKey = (typeof SETTINGS)[number]["key"];

const zones = new Set(Intl.supportedValuesOf("timeZone"));
export const settingsSchema = z.object({
  ...(Object.fromEntries(SETTINGS.map((s) => [s.key, checkbox()])) as Record<SettingKey, ReturnType<typeof checkbox>>),
  timezone: z.string().check(z.refine((v) => zones.has(v) || v === "UTC", PROFILE_MESSAGES.timezone)),
});

const currentPassword = z
  .string()
  .check(z.minLength(1, ACCOUNT_MESSAGES.password), z.maxLength(128, ACCOUNT_MESSAGES.passwordLong));

/** Deleting the account: the box is checked first, before any password is tried. */
export const deleteAccountSchema = z.object({
  confirm: z.string().check(z.minLength(1, "Please tick the box to confirm.")),
  currentPassword,
});

/**
 * Renewing the recovery codes, or turning two-factor off: the current password, under a name of
 * its own (these forms are on the page only while two-factor is on).
 */
export const twoFactorPasswordSchema = z.object({ twoFactorPassword: currentPassword });

/** The records the member saw and chose to link (their keys, comma-separated), and one session to end. */
export const linkRecordsSchema = z.object({ records: z.string().check(z.maxLength(40_000)) });
export const endSessionSchema = z.object({
  sessionId: z.string().check(z.minLength(1, "Please choose a session to end."), z.maxLength(200, "Unknown session.")),
});

/** The forms of /profile, by intent: each shows its own refusal (routes/member/profile-actions.server.ts answers them). */
export const PROFILE_FORMS = [
  "basic",
  "medical",
  "clothing",
  "dietary",
  "settings",
  "password",
  "email",
  "confirm-email",
  "cancel-email",
  "link-records",
  "recurring-amount",
  "recurring-pause",
  "recurring-resume",
  "recurring-cancel",
  "end-session",
  "end-other-sessions",
  "renew-recovery-codes",
  "two-factor-off",
  "add-passkey",
  "remove-passkey",
  "rename-passkey",
  "delete",
] as const;
