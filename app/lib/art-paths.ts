/* Where the generated art lives; apart from the generator (art.ts) so pages that only link to it stay small. */

/** Names of the pages that have their own share image (see scripts/generate-art.ts). */
export const shareImageNames = [
  "home",
  "magic",
  "invitation",
  "religious-freedom",
  "faq",
  "contact",
  "terms-and-privacy",
  "thank-you",
  "not-found",
] as const;

export const shareImagePath = (name: string) => `/og/${name}.png`;
export const artPath = (name: string) => `/og/${name}.svg`;
