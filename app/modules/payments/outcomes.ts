import type { PaymentPurpose } from "./schema";

/** Where each kind of payment leads: its success page, and the page it started from. */
export const PAYMENT_PATHS: Record<PaymentPurpose, { success: string; origin: string }> = {
  gift: { success: "/thank-you-sacred-offering", origin: "/donation" },
  "ceremony-gift": { success: "/donation-success", origin: "/donation-checkout" },
  booking: { success: "/booking-confirmed", origin: "/start-your-journey" },
};
