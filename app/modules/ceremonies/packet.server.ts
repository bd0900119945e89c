import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import { keyringFor, openJson, sealJson } from "../../lib/encryption.server";
import { notifyKeepers } from "../care/notify-keepers.server";
import { DOCUMENTS, type DocumentAnswers, type DocumentKind } from "./documents";
import { type CeremonyDay, type CeremonyPlace, ceremonyFlags, readinessDocuments } from "./schema";
import { screenClientInformation } from "./screening";

/*
 * The readiness packet's documents: signing one (sealed with its typed name; screened), withdrawing
 * it until the day begins, and reading one back for its signer (the PDF). The signature is the typed
 * full name with the document's version, the time, the account and the address it came from.
 */

/** What is sealed on a document row: the answers and the name typed to sign them. */
export interface SealedDocument<K extends DocumentKind = DocumentKind> {
  answers: DocumentAnswers[K];
  signedName: string;
}
/** The seal's context: a document row's id (exported for the scale fixture, which seals as the app does). */
export const documentContext = (id: string) => `readiness:${id}`;

export const openDocument = <K extends DocumentKind>(env: Env, row: { id: string; sealed: string }) =>
  openJson<SealedDocument<K>>(keyringFor(env.DATA_ENCRYPTION_KEY), row.sealed, documentContext(row.id));

/** A place's packet is open for signing and withdrawing while it is held and its day has not begun. */
export const packetOpen = (place: CeremonyPlace, day: CeremonyDay, now = new Date()) =>
  (place.status === "accepted" || place.status === "confirmed") && day.status === "scheduled" && day.startsAt > now;

export type SignOutcome = { kind: "signed"; id: string; urgent: boolean } | { kind: "signed-already" };

/**
 * Signs a document of the member's packet: at most one of each kind signed at a time (a unique
 * index; the second of two at once finds it signed). A client information form is screened: its
 * flags stored for the keepers, and thoughts of harm now tell them at once (urgent, no content).
 */
export async function signDocument<K extends DocumentKind>(
  db: Db,
  env: Env,
  signer: { userId: string; placeId: number; dayId: number; ip?: string },
  kind: K,
  answers: DocumentAnswers[K],
  signedName: string,
): Promise<SignOutcome> {
  const id = randomUUID();
  const sealed = sealJson(
    keyringFor(env.DATA_ENCRYPTION_KEY),
    { answers, signedName } satisfies SealedDocument<K>,
    documentContext(id),
  );
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(readinessDocuments)
      .values({
        id,
        placeId: signer.placeId,
        userId: signer.userId,
        kind,
        version: DOCUMENTS[kind].version,
        sealed,
        signedIp: signer.ip ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: readinessDocuments.id });
    if (inserted.length === 0) return { kind: "signed-already" as const };
    const flags =
      kind === "client-information" ? screenClientInformation(answers as DocumentAnswers["client-information"]) : [];
    if (flags.length > 0) {
      await tx
        .insert(ceremonyFlags)
        .values(flags.map((flag) => ({ ...flag, placeId: signer.placeId, documentId: id })));
    }
    const urgent = flags.some((flag) => flag.urgent);
    if (urgent) {
      await notifyKeepers(tx, env, {
        kind: "ceremony.flag",
        what: "A participant's readiness packet",
        path: `/console/ceremonies/${signer.dayId}`,
        ref: `place ${signer.placeId}`,
        urgent: true,
        why: "A participant answered that they have thoughts of harming themselves or someone else now. They were shown crisis lines at once; please reach out today.",
      });
    }
    return { kind: "signed" as const, id, urgent };
  });
}

export type WithdrawOutcome = "withdrawn" | "not-signed";

/** Withdraws the signed document of a kind: kept, marked withdrawn; its flags no longer count. */
export async function withdrawDocument(db: Db, placeId: number, kind: DocumentKind, now = new Date()) {
  const withdrawn = await db
    .update(readinessDocuments)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(readinessDocuments.placeId, placeId),
        eq(readinessDocuments.kind, kind),
        isNull(readinessDocuments.withdrawnAt),
      ),
    )
    .returning({ id: readinessDocuments.id });
  return (withdrawn.length > 0 ? "withdrawn" : "not-signed") satisfies WithdrawOutcome;
}

/** Whether a place has a signed (not withdrawn) document of a kind. */
export async function isSigned(db: Db, placeId: number, kind: DocumentKind) {
  const [row] = await db
    .select({ id: readinessDocuments.id })
    .from(readinessDocuments)
    .where(
      and(
        eq(readinessDocuments.placeId, placeId),
        eq(readinessDocuments.kind, kind),
        isNull(readinessDocuments.withdrawnAt),
      ),
    );
  return Boolean(row);
}

/** The signed (not withdrawn) document of a kind for a place, opened: what its signer may download. */
export async function signedDocument<K extends DocumentKind>(db: Db, env: Env, placeId: number, kind: K) {
  const [row] = await db
    .select()
    .from(readinessDocuments)
    .where(
      and(
        eq(readinessDocuments.placeId, placeId),
        eq(readinessDocuments.kind, kind),
        isNull(readinessDocuments.withdrawnAt),
      ),
    );
  if (!row) return null;
  return { row, ...openDocument<K>(env, row) };
}
