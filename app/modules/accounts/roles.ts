/** visitor (no account) · member · keeper · admin: DESIGN.md "Roles". */
export const roles = ["member", "keeper", "admin"] as const;
export type Role = (typeof roles)[number];
