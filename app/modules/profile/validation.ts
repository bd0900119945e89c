import { z } from "zod/mini";

/** SPEC.md 5's rules for names, phones, age and city (heroic application), reused by the profile. */
export const PROFILE_MESSAGES = {
  nameRequired: "Name is required",
  nameLong: "Name must be less than 100 characters",
  nameChars: "Name contains invalid characters",
  phone: "Please enter a valid phone number",
  ageMin: "Must be at least 21 years old",
  ageMax: "Please enter a valid age",
  cityLong: "City name must be less than 100 characters",
  cityChars: "City name contains invalid characters",
  textLong: "Text must be less than 2000 characters",
  shortLong: "Please keep this under 500 characters",
  sizeLong: "Please keep sizes under 20 characters",
  timezone: "Please choose a time zone from the list",
} as const;

const NAME_CHARS = /^[\p{L}\p{M} .'-]*$/u;
const PHONE = /^\+?[1-9]\d{0,15}$/;

const trimmed = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, PROFILE_MESSAGES.nameRequired),
    z.maxLength(100, PROFILE_MESSAGES.nameLong),
    z.regex(NAME_CHARS, PROFILE_MESSAGES.nameChars),
  );
const optionalName = z
  .string()
  .check(z.trim(), z.maxLength(100, PROFILE_MESSAGES.nameLong), z.regex(NAME_CHARS, PROFILE_MESSAGES.nameChars));
/** Spaces, dashes, dots and parentheses are allowed while typing; the rule applies to what is left. */
const phone = z.string().check(
  z.overwrite((v) => v.trim()),
  z.maxLength(20, PROFILE_MESSAGES.phone),
  z.refine((v) => v === "" || PHONE.test(v.replace(/[\s().-]/g, "")), PROFILE_MESSAGES.phone),
);
const age = z.string().check(
  z.trim(),
  z.refine((v) => v === "" || /^\d{1,3}$/.test(v), PROFILE_MESSAGES.ageMax),
  z.refine((v) => v === "" || Number(v) >= 21, PROFILE_MESSAGES.ageMin),
  z.refine((v) => v === "" || Number(v) <= 120, PROFILE_MESSAGES.ageMax),
);

export const basicProfileSchema = z.object({
  fullName: name,
  phone,
  age,
  city: z
    .string()
    .check(z.trim(), z.maxLength(100, PROFILE_MESSAGES.cityLong), z.regex(NAME_CHARS, PROFILE_MESSAGES.cityChars)),
  emergencyContact: optionalName,
  emergencyPhone: phone,
});

export const medicalRecordSchema = z.object({
  mentalHealthHistory: trimmed(2000, PROFILE_MESSAGES.textLong),
  currentMedications: trimmed(2000, PROFILE_MESSAGES.textLong),
  allergies: trimmed(2000, PROFILE_MESSAGES.textLong),
  medicalConditions: trimmed(2000, PROFILE_MESSAGES.textLong),
  /** A checkbox: present means "keep it private". */
  isPrivate: z.optional(z.string()),
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

/** SPEC.md 3 "Settings", in its order, with its defaults (schema.ts). */
export const SETTINGS = [
  {
    key: "emailNotifications",
    label: "Email notifications",
    hint: "Replies from your facilitator and news you asked for.",
  },
  { key: "sessionReminders", label: "Session reminders", hint: "A reminder the day before a booked session." },
  { key: "integrationPrompts", label: "Integration prompts", hint: "Gentle prompts to reflect after a ceremony." },
  { key: "journalReminders", label: "Journal reminders", hint: "A weekly nudge to write in your journal." },
  { key: "privateProfile", label: "Private profile", hint: "Other members never see your name on shared reflections." },
  {
    key: "dataSharing",
    label: "Anonymous data sharing",
    hint: "Let us count your check-ins, anonymously, in yearly reports.",
  },
] as const;
export type SettingKey = (typeof SETTINGS)[number]["key"];

const zones = new Set(Intl.supportedValuesOf("timeZone"));
export const settingsSchema = z.object({
  ...Object.fromEntries(SETTINGS.map((s) => [s.key, z.optional(z.string())])),
  timezone: z.string().check(z.refine((v) => zones.has(v) || v === "UTC", PROFILE_MESSAGES.timezone)),
});
