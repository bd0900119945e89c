import { z } from "zod/mini";
import { EMAIL_PATTERN } from "./email";

/** The spec's validation rules and messages for names, phones, age and city: the heroic application and the profile. */
export const PERSON_MESSAGES = {
  nameRequired: "Name is required",
  nameLong: "Name must be less than 100 characters",
  nameChars: "Name contains invalid characters",
  phone: "Please enter a valid phone number",
  ageMin: "Must be at least 21 years old",
  ageMax: "Please enter a valid age",
  cityRequired: "City is required",
  cityLong: "City name must be less than 100 characters",
  cityChars: "City name contains invalid characters",
  email: "Please enter a valid email address",
} as const;

const NAME_CHARS = /^[\p{L}\p{M} .'’-]*$/u;
const PHONE = /^\+?[1-9]\d{0,15}$/;
/** Spaces, dashes, dots and parentheses are allowed while typing; the phone rule applies to what is left. */
export const phoneDigits = (v: string) => v.replace(/[\s().-]/g, "");

/** An email address as every form and command takes it: trimmed, at most 254 characters, lower case. */
export const emailField = () =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(254, PERSON_MESSAGES.email),
      z.regex(EMAIL_PATTERN, PERSON_MESSAGES.email),
      z.toLowerCase(),
    );

export const nameField = (required: boolean) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(required ? 1 : 0, PERSON_MESSAGES.nameRequired),
      z.maxLength(100, PERSON_MESSAGES.nameLong),
      z.regex(NAME_CHARS, PERSON_MESSAGES.nameChars),
    );

export const cityField = (required: boolean) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(required ? 1 : 0, PERSON_MESSAGES.cityRequired),
      z.maxLength(100, PERSON_MESSAGES.cityLong),
      z.regex(NAME_CHARS, PERSON_MESSAGES.cityChars),
    );

export const phoneField = (required: boolean) =>
  z.string().check(
    z.overwrite((v) => v.trim()),
    z.maxLength(20, PERSON_MESSAGES.phone),
    z.refine((v) => (v === "" ? !required : PHONE.test(phoneDigits(v))), PERSON_MESSAGES.phone),
  );

/** Whole years, 21 to 120 (DESIGN.md: 21 everywhere). */
export const ageField = (required: boolean) =>
  z.string().check(
    z.trim(),
    z.refine((v) => (v === "" ? !required : /^\d{1,3}$/.test(v)), PERSON_MESSAGES.ageMax),
    z.refine((v) => v === "" || Number(v) >= 21, PERSON_MESSAGES.ageMin),
    z.refine((v) => v === "" || Number(v) <= 120, PERSON_MESSAGES.ageMax),
  );
