import type { PaymentPurpose } from "./schema";

/** Where each kind of payment leads: its success page, and the page it started from. */
export const PAYMENT_PATHS: Record<PaymentPurpose, { success: string; origin: string }> = {
  gift: { success: "/thank-you-sacred-offering", origin: "/donation" },
  "ceremony-gift": { success: "/donation-success", origin: "/donation-checkout" },
  booking: { success: "/booking-confirmed", origin: "/start-your-journey" },
};

/** SPEC.md's notices for the end of a payment, by purpose. */
export const PAYMENT_NOTICES = {
  giftReceived: { title: "Sacred Offering Received", description: "Thank you for your generous contribution!" },
  giftError: { title: "Payment Error", description: "There was an issue processing your donation. Please try again." },
  giftCancelled: { title: "Payment Cancelled", description: "Your donation was cancelled." },
  bookingFailed: {
    title: "Booking Failed",
    description: "There was an error processing your booking. Please try again.",
  },
} as const;
