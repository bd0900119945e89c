import { articles } from "~/content/articles";

/** Every public reading page, for the sitemap (and the tests that walk them). */
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
    "/request-access",
    "/start-your-journey",
    "/heroic-application",
    "/donation-checkout",
    "/donation",
    "/services",
    "/forgot-password",
  ];
}

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
