import { z } from "zod/mini";
import { ageField, cityField, emailField, nameField, phoneField } from "~/lib/person-fields";
import { APPLICATION_MESSAGES } from "./messages";

const healthText = z
  .string()
  .check(z.trim(), z.minLength(10, APPLICATION_MESSAGES.textShort), z.maxLength(2000, APPLICATION_MESSAGES.textLong));

/** The one short answer a careful intake accepts here: an explicit "none" (the field's hint asks for it). */
export const NO_MEDICATIONS = /^none\.?$/i;

/**
 * Medications: SPEC.md's 10 characters, or the word "none". A blank or a bare "no" stays refused,
 * so an empty field is never read as "takes nothing"; anything taken needs its detail.
 */
const medicationsText = z.string().check(
  z.trim(),
  z.refine((v) => NO_MEDICATIONS.test(v) || v.length >= 10, APPLICATION_MESSAGES.textShort),
  z.maxLength(2000, APPLICATION_MESSAGES.textLong),
);

/** The heroic application (the spec's validation rules, with DESIGN.md's age 21), in the form's order. */
export const applicationSchema = z.object({
  fullName: nameField(true),
  age: ageField(true),
  city: cityField(true),
  phone: phoneField(false),
  email: emailField(),
  mentalHealth: healthText,
  medications: medicationsText,
  priorExperience: healthText,
  intentions: healthText,
  emergencyContact: nameField(true),
  emergencyPhone: phoneField(true),
  agreement: z.string().check(z.refine((v) => v === "on", APPLICATION_MESSAGES.agreement.description)),
});
export type ApplicationInput = z.infer<typeof applicationSchema>;

/** The answers sealed at rest (DESIGN.md "sensitive"). */
export const HEALTH_FIELDS = ["mentalHealth", "medications", "priorExperience", "intentions"] as const;
export type HealthAnswers = Pick<ApplicationInput, (typeof HEALTH_FIELDS)[number]>;
