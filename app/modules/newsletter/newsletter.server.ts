import { eq, inArray, or } from "drizzle-orm";
import { hashToken, newToken } from "~/lib/tokens.server";
import type { Db } from "../../../db/client";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { newsletterDeliveries, newsletterSubscribers } from "./schema";

const CONFIRM_DAYS = 7;

export function unsubscribeHeaders(url: string): Record<string, string> {
  // RFC 8058 one-click: mail providers POST "List-Unsubscribe=One-Click" to this URL.
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Starts (or restarts) double opt-in for an address. The caller answers the same way
 * whatever happened here, so the response never reveals whether an address was known.
 * `ownerId`: the signed-in member whose proven address this is; a subscription belongs to the
 * address, so a member subscribing any other address makes it no record of theirs.
 */
export async function subscribe(db: Db, email: string, siteUrl: string, ownerId: string | null): Promise<void> {
  await db.transaction(async (t) => {
    const [existing] = await t
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for("update");
    if (existing && ownerId && !existing.userId) {
      await t.update(newsletterSubscribers).set({ userId: ownerId }).where(eq(newsletterSubscribers.id, existing.id));
    }
    if (existing?.status === "confirmed") return; // already in: nothing to do, nothing to send

    const confirm = newToken();
    const unsubscribe = newToken();
    const values = {
      status: "pending" as const,
      confirmTokenHash: confirm.hash,
      confirmTokenExpiresAt: new Date(Date.now() + CONFIRM_DAYS * 86_400_000),
      unsubscribeTokenHash: unsubscribe.hash,
    };
    if (existing) {
      await t.update(newsletterSubscribers).set(values).where(eq(newsletterSubscribers.id, existing.id));
    } else {
      await t
        .insert(newsletterSubscribers)
        .values({ email, userId: ownerId, ...values })
        .onConflictDoNothing();
    }
    const mail = renderMail({
      heading: "Please confirm your place in our circle",
      paragraphs: [
        "Someone, hopefully you, asked to receive updates about ceremonies and teachings from us at this address.",
        `To confirm, open the link below within ${CONFIRM_DAYS} days. If this was not you, ignore this email and nothing more will come.`,
      ],
      action: { label: "Confirm my subscription", url: `${siteUrl}/newsletter/confirm/${confirm.token}` },
    });
    await enqueue(t, { kind: "newsletter.confirm", to: email, subject: "Confirm your subscription", ...mail });
  });
}

export type ConfirmOutcome = "confirmed" | "invalid";

/** Confirms a pending subscription and sends the welcome (a newsletter email, so it carries unsubscribe). */
export async function confirmSubscription(db: Db, token: string, siteUrl: string): Promise<ConfirmOutcome> {
  return db.transaction(async (t) => {
    const [row] = await t
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)))
      .for("update");
    const expiresAt = row?.confirmTokenExpiresAt;
    if (row?.status !== "pending" || !expiresAt || expiresAt < new Date()) {
      return "invalid";
    }
    // A fresh unsubscribe token: the one from sign-up was never sent to anyone.
    const unsubscribe = newToken();
    await t
      .update(newsletterSubscribers)
      .set({
        status: "confirmed",
        confirmedAt: new Date(),
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
        unsubscribeTokenHash: unsubscribe.hash,
      })
      .where(eq(newsletterSubscribers.id, row.id));
    const unsubscribeUrl = `${siteUrl}/newsletter/unsubscribe/${unsubscribe.token}`;
    const mail = renderMail({
      heading: "Welcome to our sacred circle",
      paragraphs: [
        "You'll receive updates about ceremonies and teachings: a few letters a season, never more than we have something worth saying.",
        "Our ceremonies are paused while we complete our spiritual and legal preparations, including a religious-freedom exemption. We will write when that changes.",
      ],
      footer: "You receive this because you confirmed your subscription.",
      unsubscribeUrl,
    });
    await enqueue(t, {
      kind: "newsletter.welcome",
      to: row.email,
      subject: "Welcome to our sacred circle",
      ...mail,
      headers: unsubscribeHeaders(unsubscribeUrl),
    });
    return "confirmed";
  });
}

/**
 * Ends a subscription. The token is the one in the welcome mail or the one in any newsletter issue
 * (each issue's mail has its own). Idempotent: a second click still says "unsubscribed".
 */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const hash = hashToken(token);
  const fromIssue = db
    .select({ id: newsletterDeliveries.subscriberId })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.unsubscribeTokenHash, hash));
  const rows = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date(), confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where(or(eq(newsletterSubscribers.unsubscribeTokenHash, hash), inArray(newsletterSubscribers.id, fromIssue)))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
