/** Every module's tables, for drizzle-kit and for the typed database handle. */

export * from "../app/modules/accounts/passkey-schema";
export * from "../app/modules/accounts/schema";
export * from "../app/modules/audit/schema";
export * from "../app/modules/bookings/schema";
export * from "../app/modules/calendar/schema";
export * from "../app/modules/ceremonies/schema";
export * from "../app/modules/circles/schema";
export * from "../app/modules/companion/schema";
export * from "../app/modules/contact/schema";
export * from "../app/modules/follow-ups/schema";
export * from "../app/modules/giving/schema";
export * from "../app/modules/intake/schema";
export * from "../app/modules/integration/schema";
export * from "../app/modules/journal/schema";
export * from "../app/modules/mail/schema";
export * from "../app/modules/newsletter/schema";
export * from "../app/modules/payments/schema";
export * from "../app/modules/practice/schema";
export * from "../app/modules/profile/schema";
export * from "../app/modules/rate-limit/schema";
export * from "../app/modules/submissions/schema";
export { encryptionKeyChecks, secretChecks } from "./key-check-schema";
