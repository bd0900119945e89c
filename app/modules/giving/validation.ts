import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";
import { nameField, PERSON_MESSAGES } from "~/lib/person-fields";
import { CHECKOUT_MINIMUM, DONATION_MINIMUM, GIVING_MESSAGES } from "./amounts";

const email = z
  .string()
  .check(
    z.trim(),
    z.maxLength(254, PERSON_MESSAGES.email),
    z.regex(EMAIL_PATTERN, PERSON_MESSAGES.email),
    z.toLowerCase(),
  );

/** Whole US dollars from `min` to $100,000 (larger gifts are arranged by letter, not online). */
const wholeDollars = (min: number, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => /^\d{1,6}$/.test(v) && Number(v) >= min, message),
    z.refine((v) => Number(v) <= 100_000, "For gifts above $100,000, please write to us."),
  );

/** /donation: the amount (a tier or a custom amount), and who the receipt is for. */
export const donationSchema = z.object({
  amount: wholeDollars(DONATION_MINIMUM, GIVING_MESSAGES.minimum),
  donorName: nameField(true),
  email,
});
export type DonationInput = z.infer<typeof donationSchema>;

/**
 * /donation-checkout. In test mode the browser checks the card fields and sends only the last
 * four digits and the cardholder (DESIGN.md "Card fields"); with PayPal no card field exists here.
 */
export const checkoutSchema = z.object({
  email,
  amount: wholeDollars(CHECKOUT_MINIMUM, GIVING_MESSAGES.checkoutMinimum),
  donorName: nameField(true),
  cardLast4: z.optional(z.string().check(z.regex(/^\d{4}$/, GIVING_MESSAGES.required))),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;
