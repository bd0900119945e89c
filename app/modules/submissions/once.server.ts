import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { formSubmissions, type SubmissionAnswer } from "./schema";

export interface SubmissionIdentity {
  /** Which form ("contact", "journal.new", ...). */
  scope: string;
  /** The form's one-time key, or null when the post carried none (nothing to remember then). */
  key: string | null;
  /** The account sending it, if signed in. */
  ownerId?: string | null;
  /**
   * The record the form acts on, named by what the post itself carries ("journal:12",
   * "booking-link:<hash of the link's token>"), or "" for a form that makes a new record. A key
   * spent on one record is never answered for another: its answer (and the side effects it
   * stands for, such as a refund) belongs to that record alone.
   */
  subject: string;
}

/** The subject of a form that makes a new record, or acts on the sender's own account (the owner names it). */
export const NEW_RECORD = "";

/** A key as forms make them (crypto.randomUUID) or as tests may; anything else is no key. */
const KEY = /^[A-Za-z0-9-]{16,64}$/;
/** Keys are remembered this long. */
export const SUBMISSION_MEMORY_MS = 86_400_000;

/**
 * Stores a form's record once per one-time key (docs/decisions/008-one-form-pipeline.md). In one
 * transaction the key is claimed (a unique row), `write` stores the record with the same
 * transaction handle, and its answer is kept with the key. A second submission with the same key
 * (after a lost answer, a double click, back-and-resubmit) gets the first answer and stores
 * nothing: on PostgreSQL a simultaneous one waits on the unique row until the first commits. If
 * `write` fails, nothing is kept, so a retry stores it.
 */
export async function once<T = never>(
  db: Db,
  identity: SubmissionIdentity,
  write: (tx: Db) => Promise<SubmissionAnswer<T>>,
): Promise<SubmissionAnswer<T> & { replayed?: true }> {
  if (!identity.key || !KEY.test(identity.key)) return db.transaction(write);
  const row = { scope: identity.scope, owner: identity.ownerId ?? "", subject: identity.subject, key: identity.key };
  return db.transaction(async (tx) => {
    // Claimed with a placeholder answer; the real one replaces it before the commit, so no one
    // else ever reads the placeholder.
    const claimed = await tx
      .insert(formSubmissions)
      .values({ ...row, answer: { redirectTo: "" } })
      .onConflictDoNothing()
      .returning({ key: formSubmissions.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select({ answer: formSubmissions.answer })
        .from(formSubmissions)
        .where(
          and(
            eq(formSubmissions.scope, row.scope),
            eq(formSubmissions.owner, row.owner),
            eq(formSubmissions.subject, row.subject),
            eq(formSubmissions.key, row.key),
          ),
        );
      // Stored by this scope's own write, so it has that write's shape.
      if (first) return { ...(first.answer as SubmissionAnswer<T>), replayed: true as const };
    }
    const answer = await write(tx);
    await tx
      .update(formSubmissions)
      .set({ answer })
      .where(
        and(
          eq(formSubmissions.scope, row.scope),
          eq(formSubmissions.owner, row.owner),
          eq(formSubmissions.subject, row.subject),
          eq(formSubmissions.key, row.key),
        ),
      );
    return answer;
  });
}

/** Forgets keys older than a day; run with the other periodic clean-ups. */
export async function pruneSubmissions(db: Db, now = Date.now()): Promise<void> {
  await db.delete(formSubmissions).where(lt(formSubmissions.createdAt, new Date(now - SUBMISSION_MEMORY_MS)));
}

/**
 * Lets a key be used again: for a form whose write was kept but whose next step outside the
 * transaction failed (a payment provider refused the order), so the person's retry starts afresh.
 */
export async function forget(db: Db, identity: SubmissionIdentity): Promise<void> {
  if (!identity.key) return;
  await db
    .delete(formSubmissions)
    .where(
      and(
        eq(formSubmissions.scope, identity.scope),
        eq(formSubmissions.owner, identity.ownerId ?? ""),
        eq(formSubmissions.subject, identity.subject),
        eq(formSubmissions.key, identity.key),
      ),
    );
}
