import { offerById } from "~/content/journey";

/**
 * Where "Apply" leads without JavaScript: the ceremony to its application (never to payment while
 * ceremonies are paused, DESIGN.md); sessions, whose booking dialog needs scripts, to the contact
 * form with the offer named.
 */
export function applyPathFor(offerId: string): string {
  const offer = offerById(offerId);
  if (!offer) return "/start-your-journey";
  if (offer.id === "heroic") return "/heroic-application";
  return `/contact?offer=${offer.id}`;
}
