import { z } from "zod/mini";
import { checkbox } from "~/lib/checkbox";
import { isDay } from "~/lib/dates";
import { emailField, nameField } from "~/lib/person-fields";
import { chooseOffering, DONATION_MAXIMUM, readWholeDollars } from "./amount";
import { CHECKOUT_MINIMUM, DONATION_MINIMUM } from "./amounts";
import { IN_PERSON_MESSAGES } from "./in-person-messages";
import { GIVING_MESSAGES } from "./messages";
import { RECURRING_MESSAGES } from "./recurring-messages";

const email = emailField();

/** The dollars typed, or null when blank or not whole dollars (amount.ts reads them). */
const typed = (v: string) => {
  const read = readWholeDollars(v);
  return read.ok ? read.dollars : null;
};

/**
 * An amount field: whole dollars ("25.00" is 25, "12.5" is refused), at least `min` (blank counts
 * as too little unless `blankAllowed`), at most $100,000 (larger gifts are arranged by letter).
 */
const dollars = (min: number, minimumMessage: string, blankAllowed: boolean) =>
  z.string().check(
    z.refine((v) => readWholeDollars(v).ok, GIVING_MESSAGES.wholeDollars),
    z.refine((v) => {
      const read = readWholeDollars(v);
      if (!read.ok) return true;
      return read.dollars === null ? blankAllowed : read.dollars >= min;
    }, minimumMessage),
    z.refine((v) => (typed(v) ?? 0) <= DONATION_MAXIMUM, GIVING_MESSAGES.maximum),
  );

/**
 * /donation: a tier (radio) or a custom amount (typed wins: amount.ts `chooseOffering`), and who
 * the receipt is for. Every message about the amount sits under the amount field.
 */
export const donationSchema = z
  .object({
    tier: z.string(),
    amount: dollars(DONATION_MINIMUM, GIVING_MESSAGES.minimum, true),
    donorName: nameField(true),
    email,
    coverFee: checkbox(),
    // Once (or not sent: a page from before recurring offerings), every month or every year.
    frequency: z
      .string()
      .check(z.refine((v) => ["", "once", "month", "year"].includes(v), RECURRING_MESSAGES.frequency)),
  })
  .check(z.refine((v) => chooseOffering(v.tier, v.amount).ok, { message: GIVING_MESSAGES.minimum, path: ["amount"] }));

/** A member's change of their recurring offering's amount (/profile): the offering is theirs (checked first). */
export const recurringAmountSchema = z.object({
  recurring: z.string(),
  amount: dollars(DONATION_MINIMUM, GIVING_MESSAGES.minimum, false),
  coverFee: checkbox(),
});

/**
 * /donation-checkout. In test mode the browser checks the card fields and sends only the last
 * four digits and the cardholder (DESIGN.md "Card fields"); with PayPal no card field exists here.
 */
export const checkoutSchema = z.object({
  email,
  amount: dollars(CHECKOUT_MINIMUM, GIVING_MESSAGES.checkoutMinimum, false),
  donorName: nameField(true),
  // Blank with PayPal (no card field here); the action asks for it when the provider takes cards.
  cardLast4: z.string().check(z.regex(/^(\d{4})?$/, GIVING_MESSAGES.required)),
  coverFee: checkbox(),
});

/**
 * A gift given in person (admins): who gave it (their receipt's name and address), how much, on
 * which day (not after today, UTC), cash or a cheque (its number then required), and whether the
 * donor asked for a receipt by email.
 */
export const inPersonGiftSchema = z
  .object({
    donorName: nameField(true),
    email,
    amount: dollars(1, IN_PERSON_MESSAGES.minimum, false),
    givenOn: z
      .string()
      .check(z.refine((v) => isDay(v) && v <= new Date().toISOString().slice(0, 10), IN_PERSON_MESSAGES.givenOn)),
    method: z.enum(["cash", "cheque"], IN_PERSON_MESSAGES.method),
    chequeNumber: z.string().check(z.trim(), z.maxLength(30, IN_PERSON_MESSAGES.chequeNumberLong)),
    sendReceipt: checkbox(),
  })
  .check(
    z.refine((v) => v.method !== "cheque" || v.chequeNumber !== "", {
      message: IN_PERSON_MESSAGES.chequeNumber,
      path: ["chequeNumber"],
    }),
  );
export type InPersonGiftInput = z.infer<typeof inPersonGiftSchema>;
