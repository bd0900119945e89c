/* The profile's words, apart from its schemas so a page can show them without loading zod. */

/** The profile's own messages; names, phones, age and city follow the application's rules (lib/person-fields). */
export const PROFILE_MESSAGES = {
  textLong: "Text must be less than 2000 characters",
  shortLong: "Please keep this under 500 characters",
  sizeLong: "Please keep sizes under 20 characters",
  timezone: "Please choose a time zone from the list",
  /** Any form of /profile whose answer failed or never came: the typed text stays, nothing is claimed. */
  notSaved: { title: "Not saved", description: "Your changes were not saved. Please try again." },
} as const;
