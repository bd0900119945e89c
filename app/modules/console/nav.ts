import type { Role } from "../accounts/schema";
import type { WaitingWork } from "./waiting.server";

/**
 * The console's pages. Adding one is a route in app/routes.ts and an entry here;
 * `minRole` hides the entry, and the route's loader enforces the same rule.
 */
export const CONSOLE_NAV: ReadonlyArray<{
  to: string;
  label: string;
  minRole: "keeper" | "admin";
  /** The count of work waiting on this page, shown as a badge. */
  waiting?: keyof WaitingWork;
}> = [
  { to: "/console", label: "Overview", minRole: "keeper" },
  { to: "/console/inbox", label: "Inbox", minRole: "keeper", waiting: "inbox" },
  { to: "/console/shares", label: "Shares", minRole: "keeper", waiting: "shares" },
  { to: "/console/follow-ups", label: "Follow-ups", minRole: "keeper", waiting: "followUps" },
  { to: "/console/circles", label: "Circles", minRole: "keeper" },
  { to: "/console/requests", label: "Access requests", minRole: "keeper", waiting: "requests" },
  { to: "/console/applications", label: "Applications", minRole: "keeper", waiting: "applications" },
  { to: "/console/ceremonies", label: "Ceremonies", minRole: "keeper" },
  { to: "/console/bookings", label: "Bookings", minRole: "keeper", waiting: "mentorship" },
  { to: "/console/quiz", label: "Quiz", minRole: "keeper" },
  { to: "/console/giving", label: "Giving", minRole: "keeper" },
  { to: "/console/members", label: "Members", minRole: "keeper" },
  { to: "/console/newsletter", label: "Newsletter", minRole: "keeper" },
  { to: "/console/outbox", label: "Outbox", minRole: "admin" },
  { to: "/console/audit", label: "Audit log", minRole: "admin" },
  { to: "/console/help", label: "Help", minRole: "keeper" },
];

export function consoleNavFor(role: Role) {
  return CONSOLE_NAV.filter((item) => item.minRole === "keeper" || role === "admin");
}
