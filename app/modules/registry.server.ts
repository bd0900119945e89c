import { bookingPurpose } from "./bookings/bookings.server";
import { cancelRefundedBooking } from "./bookings/changes.server";
import { giftPurpose } from "./giving/gifts.server";
import { recurringGiftEvents } from "./giving/recurring-events.server";
import { registerPurpose } from "./payments/purposes.server";
import { registerSubscriptionHandlers } from "./payments/subscription-handlers.server";

/**
 * Where the domains are wired to each other, so none imports the one that serves it back:
 * payments learns here what each purpose does. `app/entry.server.tsx` imports this file, so it
 * runs before any request, and `server/main.ts` for its scheduled runs (built apart from the
 * requests' bundle); no module of app/ imports it.
 */
registerPurpose("gift", giftPurpose);
registerPurpose("ceremony-gift", giftPurpose);
// A refund made at PayPal cancels the session: cancelling lives in changes.server.ts, which imports bookings.server.
registerPurpose("booking", { ...bookingPurpose, onRefunded: cancelRefundedBooking });
// What a subscription's collections and changes do: recurring offerings (giving).
registerSubscriptionHandlers(recurringGiftEvents);
