/* The payment forms' words: test mode's card fields (components/payments/card-fields.tsx). */

export const CARD_MESSAGES = {
  number: "Please enter a valid card number",
  name: "Please enter the name on the card",
  expiry: "Please enter the expiry as MM/YY",
  cvv: "Please enter the 3-digit security code",
  zip: "Please enter a 5-digit ZIP code",
} as const;
