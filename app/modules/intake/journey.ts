import { offerById } from "~/content/journey";

/**
 * Where "Apply" leads for each offer: the ceremony to its application (never to payment while
 * ceremonies are paused, DESIGN.md); sessions to the booking dialog once it exists, until then
 * to the contact form with the offer named.
 */
export function applyPathFor(offerId: string): string {
  const offer = offerById(offerId);
  if (!offer) return "/start-your-journey";
  if (offer.id === "heroic") return "/heroic-application";
  return `/contact?offer=${offer.id}`;
}
