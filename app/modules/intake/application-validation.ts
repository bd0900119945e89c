import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";
import { ageField, cityField, nameField, PERSON_MESSAGES, phoneField } from "~/lib/person-fields";
import { APPLICATION_MESSAGES } from "./messages";

const healthText = z
  .string()
  .check(z.trim(), z.minLength(10, APPLICATION_MESSAGES.textShort), z.maxLength(2000, APPLICATION_MESSAGES.textLong));

/** The heroic application (SPEC.md 5, with DESIGN.md's age 21), in the form's order. */
export const applicationSchema = z.object({
  fullName: nameField(true),
  age: ageField(true),
  city: cityField(true),
  phone: phoneField(false),
  email: z
    .string()
    .check(
      z.trim(),
      z.maxLength(254, PERSON_MESSAGES.email),
      z.regex(EMAIL_PATTERN, PERSON_MESSAGES.email),
      z.toLowerCase(),
    ),
  mentalHealth: healthText,
  medications: healthText,
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
