import { articles } from "~/content/articles";

/**
 * Every public page worth finding in search, for the sitemap (and the tests that walk them): the
 * articles and the pages with content of their own. Pages that are only a form are left out (below).
 */
export function publicPaths(): string[] {
  return [
    "/",
    "/the-invitation",
    "/magic",
    ...articles.map((a) => `/magic/${a.slug}`),
    "/religious-freedom",
    "/faq",
    "/contact",
    "/terms-and-privacy",
    "/start-your-journey",
    "/donation",
  ];
}

/**
 * Public pages that are only a form (sign-in, password reset, the access request, the ceremony
 * application and the donation step after it): not in the sitemap and `noindex`, but not kept out
 * in robots.txt either, so that a search engine that reaches one reads its `noindex`.
 */
export const formOnlyPaths = [
  "/request-access",
  "/heroic-application",
  "/donation-checkout",
  "/sacred-access",
  "/services",
  "/forgot-password",
] as const;

/** Paths search engines must stay out of: member and staff areas, personal links. */
export const privatePathPrefixes = [
  "/dashboard",
  "/journals",
  "/integration",
  "/calendar",
  "/meditations",
  "/resources",
  "/preparation-guide",
  "/spirit-companion",
  "/profile",
  "/console",
  "/reset-password",
  "/welcome/",
  "/sign-out",
  "/sacred-access/two-factor",
  "/newsletter/",
  "/donation-success",
  "/payments/",
  "/bookings/",
  "/booking-confirmed",
  "/thank-you",
] as const;
