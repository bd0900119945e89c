import { offerById } from "~/content/journey";

/**
 * Where "Apply" leads without JavaScript: the ceremony to its application (never to payment while
 * ceremonies are paused, DESIGN.md); sessions, whose booking dialog needs scripts, to the booking
 * page, which does the same with plain links and a plain form.
 */
export function applyPathFor(offerId: string): string {
  const offer = offerById(offerId);
  if (!offer) return "/start-your-journey";
  if (offer.id === "heroic") return "/heroic-application";
  return `/bookings?offer=${offer.id}`;
}
