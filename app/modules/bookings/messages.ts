/* The booking dialog's notices (worded as in the spec's error catalogue), without zod for the page's first download. */
export const BOOKING_MESSAGES = {
  missing: { title: "Missing Information", description: "Please fill in all required fields correctly." },
  failed: { title: "Booking Failed", description: "There was an error processing your booking. Please try again." },
  taken: { title: "Booking Failed", description: "That time was just taken. Please choose another time." },
  closed: { title: "Booking Failed", description: "That day is not open for booking. Please choose another day." },
  tooMany: { title: "Booking Failed", description: "Several bookings came from this connection. Please wait an hour." },
} as const;

/** Changes by link are closed this close to the session (stated in every confirmation). */
export const CHANGE_WINDOW_HOURS = 24;
export const HOLD_MINUTES = 15;

/**
 * What booking says when online payment is off (PAYMENT_PROVIDER=none), as giving does
 * (payments/messages.ts): in place of the booking forms and the pay step, and to a post to them.
 */
export const BOOKING_OFF_MESSAGES = {
  booking: {
    title: "Booking by message",
    description:
      "Sessions are not booked or paid for online. Please write to us through the Contact page with the session you would like and a few times that suit you; a Temple Keeper will write back to arrange it with you, including how to pay.",
  },
  pay: {
    title: "Confirming your place by message",
    description:
      "Payment is not taken online. Please write to us through the Contact page, naming this session, and a Temple Keeper will arrange how to pay and confirm your place.",
  },
} as const;
