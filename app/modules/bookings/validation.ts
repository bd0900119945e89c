import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";
import { nameField, phoneField } from "~/lib/person-fields";
import { BOOKING_MESSAGES } from "./messages";

const missing = BOOKING_MESSAGES.missing.description;

/**
 * The booking form (the spec's validation rules): a valid name and email, phone optional (digits, plus, spaces,
 * parentheses, hyphens), the offer, day and slot. Card fields stay in the browser in test mode;
 * only their last four digits come here.
 */
export const bookingSchema = z.object({
  offerId: z.enum(["preparation", "microdose"], missing),
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, missing)),
  time: z.string().check(z.regex(/^\d{2}:\d{2}$/, missing)),
  fullName: nameField(true),
  email: z.string().check(z.trim(), z.maxLength(254, missing), z.regex(EMAIL_PATTERN, missing), z.toLowerCase()),
  phone: phoneField(false),
  // Blank for the booking page (payment approved on the provider's page) and for a mentorship request.
  cardLast4: z.string().check(z.regex(/^(\d{4})?$/, missing)),
  // The browser's time zone (blank without JavaScript); the server keeps it only if it is a real one.
  timeZone: z.string().check(z.maxLength(64, missing)),
});
export type BookingInput = z.infer<typeof bookingSchema>;

/** What a booking form's success answers: the dialog shows it in place (the page redirects instead). */
export interface BookingSummary {
  kind: "confirmed" | "requested";
  title: string;
  startsAt: string;
  email: string;
}
