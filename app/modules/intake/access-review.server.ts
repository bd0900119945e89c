import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { createInvitedMember, EmailInUseError } from "../accounts/invitations.server";
import { declineMail, invitationMail } from "../accounts/mails";
import { AUDIT_ACTIONS, recordAudit } from "../audit/audit.server";
import { enqueue } from "../mail/outbox.server";
import { type AccessRequestStatus, accessRequests } from "./schema";

export const REVIEW_PAGE_SIZE = 50;

interface Staff {
  id: string;
  name: string;
}

/** Newest first, keyset-paged by id. */
export function listAccessRequests(db: Db, options: { status?: AccessRequestStatus; before?: number }) {
  return db
    .select({
      id: accessRequests.id,
      name: accessRequests.name,
      email: accessRequests.email,
      status: accessRequests.status,
      createdAt: accessRequests.createdAt,
      decidedByName: accessRequests.decidedByName,
    })
    .from(accessRequests)
    .where(
      and(
        options.status ? eq(accessRequests.status, options.status) : undefined,
        options.before ? lt(accessRequests.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(accessRequests.id))
    .limit(REVIEW_PAGE_SIZE);
}

/** A request not yet decided: one rule for the badge and the console's "Today". */
export const requestWaiting = eq(accessRequests.status, "new");

export async function countNewAccessRequests(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accessRequests).where(requestWaiting);
  return row?.n ?? 0;
}

export async function getAccessRequest(db: Db, id: number) {
  const [row] = await db.select().from(accessRequests).where(eq(accessRequests.id, id));
  return row ?? null;
}

export type DecisionOutcome = "done" | "already-decided" | "email-in-use" | "not-found";

/**
 * Approves a new request: the member account, its invitation email, the decision and the audit
 * entry are written together or not at all. A request is decided once.
 */
export async function decideAccessRequest(
  db: Db,
  input: {
    id: number;
    decision: "approve" | "decline";
    message: string | null;
    staff: Staff;
    siteUrl: string;
    ip: string;
  },
): Promise<DecisionOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx.select().from(accessRequests).where(eq(accessRequests.id, input.id)).for("update");
      if (!request) return "not-found";
      if (request.status !== "new") return "already-decided";
      let userId: string | null = null;
      if (input.decision === "approve") {
        const invited = await createInvitedMember(tx, { name: request.name, email: request.email });
        userId = invited.userId;
        await enqueue(tx, {
          kind: "access.invitation",
          to: request.email,
          subject: "Your invitation to the member area",
          ...invitationMail(request.name, `${input.siteUrl}/welcome/${invited.token}`, input.message),
        });
      } else {
        await enqueue(tx, {
          kind: "access.declined",
          to: request.email,
          subject: "About your request for sacred access",
          ...declineMail(request.name, input.message),
        });
      }
      await tx
        .update(accessRequests)
        .set({
          status: input.decision === "approve" ? "approved" : "declined",
          decidedAt: new Date(),
          decidedById: input.staff.id,
          decidedByName: input.staff.name,
          decisionMessage: input.message,
          userId,
        })
        .where(eq(accessRequests.id, input.id));
      await recordAudit(tx, {
        action: input.decision === "approve" ? AUDIT_ACTIONS.requestApproved : AUDIT_ACTIONS.requestDeclined,
        actor: input.staff,
        subjectUserId: userId,
        detail: { accessRequestId: input.id },
        ip: input.ip,
      });
      return "done";
    });
  } catch (error) {
    if (error instanceof EmailInUseError) return "email-in-use";
    throw error;
  }
}
