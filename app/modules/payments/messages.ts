/* The payment forms' words: test mode's card fields (components/payments/card-fields.tsx). */

export const CARD_MESSAGES = {
  number: "Please enter a valid card number",
  name: "Please enter the name on the card",
  expiry: "Please enter the expiry as MM/YY",
  cvv: "Please enter the 3-digit security code",
  zip: "Please enter a 5-digit ZIP code",
} as const;

/**
 * What giving says when online payment is off (PAYMENT_PROVIDER=none; booking's words are in
 * bookings/messages.ts): the pages show it in place of their forms, and a post to them is answered
 * with it, so nobody is led to a payment that cannot happen. Each ends at the Contact page, which
 * always works.
 */
export const PAYMENTS_OFF_MESSAGES = {
  giving: {
    title: "Giving by check or in person",
    description:
      "We do not take gifts online. You are warmly welcome to give by check or in person: write to us through the Contact page and we will tell you how. Thank you for your generosity.",
  },
} as const;
