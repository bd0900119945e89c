import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { type ApplicationInput, HEALTH_FIELDS, type HealthAnswers } from "./application-validation";
import { type ApplicationStatus, applications } from "./schema";
import { type ScreeningFlag, screen } from "./screening";

/** What is sealed on an application row. */
export interface SealedApplication {
  health: HealthAnswers;
  flags: ScreeningFlag[];
}
/** Binds the sealed answers to their row: they cannot be moved onto another application. */
export const applicationContext = (id: string) => `application:${id}`;

export const openApplication = (env: Env, row: { id: string; sealed: string }) =>
  openJson<SealedApplication>(keyringFor(env.DATA_ENCRYPTION_KEY), row.sealed, applicationContext(row.id));

/**
 * Stores the application with its screening flags (sealed), acknowledges it to the applicant
 * and tells the keepers, all or nothing. The keepers' email names no health detail: email is
 * not encrypted, so they read the answers in the console.
 */
export async function submitApplication(
  db: Db,
  env: Env,
  input: ApplicationInput,
  userId: string | null,
): Promise<string> {
  const id = randomUUID();
  const health = Object.fromEntries(HEALTH_FIELDS.map((f) => [f, input[f]])) as HealthAnswers;
  const flags = screen(health);
  const sealed = sealJson(
    keyringFor(env.DATA_ENCRYPTION_KEY),
    { health, flags } satisfies SealedApplication,
    applicationContext(id),
  );
  await db.transaction(async (tx) => {
    await tx.insert(applications).values({
      id,
      userId,
      fullName: input.fullName,
      email: input.email,
      age: Number(input.age),
      city: input.city,
      phone: input.phone,
      emergencyContact: input.emergencyContact,
      emergencyPhone: input.emergencyPhone,
      sealed,
      flagCount: flags.length,
    });
    await enqueue(tx, {
      kind: "application.acknowledge",
      to: input.email,
      subject: "We received your sacred application",
      ...renderMail({
        heading: `Thank you, ${input.fullName}`,
        paragraphs: [
          "Your application for the Divine Journey has reached the Temple Keepers. A keeper will read it with care and reply within 48 hours.",
          "Ceremonies are paused while we seek a religious-freedom exemption. If your application is a good fit, we will place you on our waitlist and write as soon as ceremonies resume. Nothing is charged for a ceremony date while the pause lasts.",
          "If anything in your health or medications changes before then, please tell us by replying to this email.",
        ],
        footer: "You receive this because this address was entered on our ceremony application.",
      }),
    });
    await enqueue(tx, {
      kind: "application.notify",
      to: env.STAFF_EMAIL,
      subject: `Ceremony application: ${input.fullName}`,
      ...renderMail({
        heading: "A new ceremony application awaits review",
        paragraphs: [
          `From: ${input.fullName}, ${input.city}.`,
          flags.length > 0
            ? `Screening: ${flags.length} answer${flags.length === 1 ? "" : "s"} need${flags.length === 1 ? "s" : ""} a keeper's attention.`
            : "Screening: nothing flagged.",
          "The answers are in the console; this email carries no health details.",
        ],
        action: { label: "Open the application", url: `${env.SITE_URL}/console/applications/${id}` },
      }),
    });
  });
  return id;
}

/** The applicant's own projection: status and dates, never the flags or staff notes. */
export async function memberApplication(
  db: Db,
  userId: string,
): Promise<{ status: ApplicationStatus; submittedAt: Date } | null> {
  const [row] = await db
    .select({ status: applications.status, submittedAt: applications.createdAt })
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.createdAt))
    .limit(1);
  return row ?? null;
}

/** For the member's data export: their own words and the status, never the flags or staff notes. */
export async function exportMemberApplications(db: Db, env: Env, userId: string) {
  const rows = await db.select().from(applications).where(eq(applications.userId, userId));
  return rows.map((row) => ({
    fullName: row.fullName,
    email: row.email,
    age: row.age,
    city: row.city,
    phone: row.phone,
    emergencyContact: row.emergencyContact,
    emergencyPhone: row.emergencyPhone,
    ...openApplication(env, row).health,
    status: row.status,
    createdAt: row.createdAt,
  }));
}
