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
