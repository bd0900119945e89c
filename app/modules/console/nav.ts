import type { Role } from "../accounts/schema";

/**
 * The console's pages. Adding one is a route in app/routes.ts and an entry here;
 * `minRole` hides the entry, and the route's loader enforces the same rule.
 */
export const CONSOLE_NAV: ReadonlyArray<{ to: string; label: string; minRole: "keeper" | "admin" }> = [
  { to: "/console", label: "Overview", minRole: "keeper" },
  { to: "/console/requests", label: "Access requests", minRole: "keeper" },
  { to: "/console/applications", label: "Applications", minRole: "keeper" },
  { to: "/console/quiz", label: "Quiz", minRole: "keeper" },
  { to: "/console/bookings", label: "Bookings", minRole: "keeper" },
  { to: "/console/giving", label: "Giving", minRole: "keeper" },
  { to: "/console/members", label: "Members", minRole: "keeper" },
  { to: "/console/shares", label: "Shares", minRole: "keeper" },
  { to: "/console/outbox", label: "Outbox", minRole: "admin" },
  { to: "/console/audit", label: "Audit log", minRole: "admin" },
];

export function consoleNavFor(role: Role) {
  return CONSOLE_NAV.filter((item) => item.minRole === "keeper" || role === "admin");
}
