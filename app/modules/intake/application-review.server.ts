import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, open, seal } from "../../lib/encryption.server";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { openApplication } from "./applications.server";
import { type ApplicationStatus, applicationEvents, applications } from "./schema";

export const APPLICATION_PAGE_SIZE = 50;

interface Staff {
  id: string;
  name: string;
}

/** Staff lists: contact details, status and how many answers were flagged; no health text. */
export function listApplications(db: Db, options: { status?: ApplicationStatus; before?: string }) {
  return db
    .select({
      id: applications.id,
      fullName: applications.fullName,
      email: applications.email,
      status: applications.status,
      flagCount: applications.flagCount,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .where(
      and(
        options.status ? eq(applications.status, options.status) : undefined,
        options.before ? lt(applications.createdAt, new Date(options.before)) : undefined,
      ),
    )
    .orderBy(desc(applications.createdAt))
    .limit(APPLICATION_PAGE_SIZE);
}

/** An application no keeper has started on: one rule for the badge and the console's "Today". */
export const applicationWaiting = eq(applications.status, "new");

export async function countNewApplications(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(applications).where(applicationWaiting);
  return row?.n ?? 0;
}

const eventContext = (applicationId: string) => `application-event:${applicationId}`;

/** The full application for a keeper: every read is written to the audit log first. */
export async function readApplication(db: Db, env: Env, id: string, staff: Staff, ip: string) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  if (!row) return null;
  await recordAudit(db, {
    action: AUDIT_ACTIONS.applicationRead,
    actor: staff,
    subjectUserId: row.userId,
    detail: { applicationId: id },
    ip,
  });
  const ring = keyringFor(env.DATA_ENCRYPTION_KEY);
  const events = await db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, id))
    .orderBy(asc(applicationEvents.id));
  const { sealed: _sealed, ...contact } = row;
  return {
    ...contact,
    ...openApplication(env, row),
    events: events.map(({ sealed, ...event }) => ({
      ...event,
      text: sealed ? open(ring, sealed, eventContext(id)) : null,
    })),
  };
}

export async function addApplicationNote(db: Db, env: Env, id: string, text: string, staff: Staff, ip: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: applications.userId }).from(applications).where(eq(applications.id, id));
    if (!row) return false;
    await tx.insert(applicationEvents).values({
      applicationId: id,
      kind: "note",
      sealed: seal(keyringFor(env.DATA_ENCRYPTION_KEY), text, eventContext(id)),
      staffId: staff.id,
      staffName: staff.name,
    });
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.applicationNoted,
      actor: staff,
      subjectUserId: row.userId,
      detail: { applicationId: id },
      ip,
    });
    return true;
  });
}

export type ApplicationDecisionOutcome = "done" | "unchanged" | "not-found";

/** A new status, its email to the applicant, the event and the audit entry: together or not at all. */
export async function decideApplication(
  db: Db,
  env: Env,
  input: { id: string; status: ApplicationStatus; message: string | null; staff: Staff; ip: string },
): Promise<ApplicationDecisionOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.id, input.id)).for("update");
    if (!row) return "not-found";
    if (row.status === input.status) return "unchanged";
    await tx
      .update(applications)
      .set({ status: input.status, updatedAt: new Date() })
      .where(eq(applications.id, input.id));
    await tx.insert(applicationEvents).values({
      applicationId: input.id,
      kind: "decision",
      status: input.status,
      sealed: input.message ? seal(keyringFor(env.DATA_ENCRYPTION_KEY), input.message, eventContext(input.id)) : null,
      staffId: input.staff.id,
      staffName: input.staff.name,
    });
    await enqueue(tx, {
      kind: `application.${input.status}`,
      to: row.email,
      subject: DECISION_SUBJECTS[input.status],
      ...renderMail({
        heading: `Dear ${row.fullName}`,
        paragraphs: [...DECISION_TEXT[input.status], ...(input.message ? [{ keeperWrote: input.message }] : [])],
        action:
          input.status === "approved"
            ? { label: "Book a Preparation Session", url: `${env.SITE_URL}/start-your-journey#offer-preparation` }
            : undefined,
        footer: "You receive this because you applied for a ceremony with our congregation.",
      }),
    });
    await recordAudit(tx, {
      action: AUDIT_ACTIONS.applicationDecided,
      actor: input.staff,
      subjectUserId: row.userId,
      detail: { applicationId: input.id, status: input.status },
      ip: input.ip,
    });
    return "done";
  });
}

const DECISION_SUBJECTS: Record<ApplicationStatus, string> = {
  new: "Your application is open again",
  "in-review": "A Temple Keeper is reviewing your application",
  approved: "Your application has been approved",
  declined: "About your ceremony application",
  waitlisted: "You are on our ceremony waitlist",
};

const DECISION_TEXT: Record<ApplicationStatus, ReadonlyArray<string>> = {
  new: ["Your application has been reopened, and a Temple Keeper will look at it again shortly."],
  "in-review": [
    "A Temple Keeper is now reading your application. If we have questions about your health, medications or intentions, we will write to you before deciding anything.",
  ],
  approved: [
    "A Temple Keeper has approved your application. Thank you for the care and honesty you brought to it.",
    "Ceremonies are paused while we seek a religious-freedom exemption; we will write to you as soon as dates open. Meanwhile, a Preparation Session and the Subtle Path mentorship are open to you.",
  ],
  declined: [
    "Thank you for trusting us with your application. After careful reading, a Temple Keeper has decided that a ceremony with us is not the right step for you at this time.",
    "This is a decision about safety and fit, not about your worth or your path. You are welcome to write to us, and our articles, meditations and community remain open to you.",
  ],
  waitlisted: [
    "A Temple Keeper has read your application and placed you on our waitlist while ceremonies are paused.",
    "We will write to you as soon as ceremonies resume. If your health or medications change in the meantime, please tell us.",
  ],
};
