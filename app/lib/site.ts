/** One place for the congregation's name and public handles (footer, metadata, emails). */
export const site = {
  name: "Sacred Path Congregation",
  shortName: "Sacred Path",
  tagline: "A non-profit congregation for guided ceremony, preparation and integration",
  handle: "@sacredpathcongregation",
  social: {
    professional: { label: "LinkedIn", href: "https://www.linkedin.com/company/sacredpathcongregation" },
    photos: { label: "Instagram", href: "https://www.instagram.com/sacredpathcongregation" },
  },
  copyrightYear: 2025,
  locale: "en_US",
} as const;
