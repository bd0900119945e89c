import { randomUUID } from "node:crypto";
import { addDays, dayIn } from "../../app/lib/dates";
import { keyringFor, sealJson } from "../../app/lib/encryption.server";
import { DEFAULT_TIMEZONE } from "../../app/modules/accounts/schema";
import { applicationContext } from "../../app/modules/intake/applications.server";
import { applications } from "../../db/schema";
import type { TestAccount } from "./accounts";
import type { TestServer } from "./server";

/** The ceremony day the tests schedule: a month ahead, 09:00 to 17:30 in the keepers' zone. */
export const CEREMONY_DAY = addDays(dayIn(new Date(), DEFAULT_TIMEZONE), 30);

/** The keepers' day form; its facilitators a group of boxes. */
export const dayFields = (keeperId: string, changes: Record<string, string | readonly string[]> = {}) => ({
  intent: "schedule",
  place: "The Cedar House, 14 Canyon Road, Santa Fe",
  day: CEREMONY_DAY,
  starts: "09:00",
  ends: "17:30",
  capacity: "2",
  facilitators: [keeperId] as readonly string[],
  ...changes,
});

/** Posts a form whose fields may repeat (a group of boxes: one field per ticked box). */
export const postFields = (
  server: TestServer,
  path: string,
  cookie: string,
  fields: Record<string, string | readonly string[]>,
) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin, cookie },
    body: new URLSearchParams(
      Object.entries(fields).flatMap(([name, value]) =>
        typeof value === "string" ? [[name, value]] : value.map((one) => [name, one]),
      ),
    ),
    redirect: "manual",
  });

/** The client information form, every question answered no, signed. */
export const clientForm = (signature: string, changes: Record<string, string> = {}) => ({
  intent: "sign",
  lithium: "no",
  fungiAllergy: "no",
  psychosis: "no",
  treatment: "no",
  heart: "no",
  seizures: "no",
  pregnancy: "no",
  difficultReaction: "no",
  harmPast: "no",
  harmNow: "no",
  medicineDuringSession: "no",
  interpreter: "no",
  mobility: "no",
  notes: "",
  signature,
  ...changes,
});

/** The packet's other five documents, filled in as a member would. */
export const OTHER_DOCUMENTS: ReadonlyArray<readonly [string, Record<string, string>]> = [
  ["medicines", { medicines: "None", devices: "" }],
  [
    "safety-plan",
    {
      supportName: "Li Na",
      supportPhone: "+15055550123",
      emergencyName: "Zhang Wei",
      emergencyPhone: "+15055550124",
      whatHelps: "Quiet music.",
    },
  ],
  ["transportation", { driverName: "Li Na", driverPhone: "+15055550123", arrangement: "", noDriving: "on" }],
  ["touch-consent", { touch: "no", limits: "" }],
  ["rights", { acknowledged: "on" }],
];

/** An approved application of the member's, waiting for a ceremony (the waitlist is these). */
export async function approvedApplication(server: TestServer, account: TestAccount, name: string) {
  const id = randomUUID();
  await server.database.db.insert(applications).values({
    id,
    userId: account.id,
    fullName: name,
    email: account.email,
    age: 40,
    city: "Santa Fe",
    phone: "+15055550101",
    emergencyContact: "Someone",
    emergencyPhone: "+15055550100",
    // Sealed as the application's form seals it: the member's export opens it.
    sealed: sealJson(
      keyringFor(server.env.DATA_ENCRYPTION_KEY),
      { health: { mentalHealth: "", medications: "", priorExperience: "", intentions: "To heal." }, flags: [] },
      applicationContext(id),
    ),
    flagCount: 0,
    status: "waitlisted",
  });
  return id;
}
