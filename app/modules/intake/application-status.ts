/** An application's statuses; a file of its own so pages can list them without the table definitions. */
export const applicationStatuses = ["new", "in-review", "approved", "declined", "waitlisted"] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
