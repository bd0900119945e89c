import type { AppContext } from "~/handles";
import { formatDate, formatDateTime } from "~/lib/dates";
import { type InstantCursor, instantCursor } from "~/lib/ids";
import { describeUserAgent } from "~/lib/user-agent";
import { pendingEmailChange } from "~/modules/accounts/email-change.server";
import { recoveryCodesLeft } from "~/modules/accounts/recovery-codes.server";
import { listSessions } from "~/modules/accounts/security.server";
import { isStaff, type Viewer } from "~/modules/accounts/session.server";
import { listRecordReads } from "~/modules/audit/audit.server";
import { memberGiftPage, memberGiftYears, recurringWithGifts } from "~/modules/giving/member-gifts.server";
import { giftMethodLabel } from "~/modules/giving/method";
import { memberRecurring } from "~/modules/giving/recurring.server";
import { listPasskeys } from "~/modules/passkeys/passkeys.server";
import { linkableRecords } from "~/modules/profile/linking.server";
import { knownTimeZones, memberProfile } from "~/modules/profile/profile.server";

/**
 * What /profile shows: every card's data, in the member's time zone (its loader's one call). The gifts are a page
 * (`giftsBefore`, `?before=`), with their years' totals and which recurring offerings have collected, read apart.
 */
export async function profilePageData(handles: AppContext, viewer: Viewer, giftsBefore: InstantCursor | null) {
  const zone = viewer.timezone;
  const [profile, reads, sessions, giftPage, pending, linkable, codesLeft, keys, recurring] = await Promise.all([
    memberProfile(handles.db, handles.env, viewer.id),
    listRecordReads(handles.db, viewer.id),
    listSessions(handles, viewer.id),
    memberGiftPage(handles.db, viewer.id, giftsBefore),
    pendingEmailChange(handles.db, viewer.id),
    linkableRecords(handles.db, viewer),
    viewer.twoFactorEnabled ? recoveryCodesLeft(handles.db, handles.env, viewer.id) : null,
    listPasskeys(handles.db, viewer.id),
    memberRecurring(handles.db, viewer.id),
  ]);
  const { gifts, older } = giftPage;
  const [years, collected] = await Promise.all([
    memberGiftYears(handles.db, viewer.id, [...new Set(gifts.map((g) => g.givenAt.getUTCFullYear()))]),
    recurringWithGifts(
      handles.db,
      viewer.id,
      recurring.filter((r) => r.status === "active").map((r) => r.id),
    ),
  ]);
  return {
    profile,
    emailVerified: viewer.emailVerified,
    pendingEmail: pending ? { newEmail: pending.newEmail, until: formatDateTime(pending.expiresAt, zone) } : null,
    linkable: linkable.map((r) => ({ key: r.key, label: r.label, at: formatDate(r.at, zone) })),
    reads: reads.map((r) => ({
      id: r.id,
      by: r.actorName ?? "A Temple Keeper",
      at: formatDateTime(r.createdAt, zone),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === viewer.sessionId,
      device: describeUserAgent(s.userAgent),
      lastActive: formatDateTime(s.updatedAt, zone),
      ipAddress: s.ipAddress,
    })),
    twoFactor: { on: viewer.twoFactorEnabled, staff: isStaff(viewer.role), codesLeft },
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      added: formatDate(k.createdAt, zone),
      lastUsed: k.lastUsedAt ? formatDateTime(k.lastUsedAt, zone) : null,
      synced: k.backedUp,
    })),
    timezones: knownTimeZones(),
    recurring: recurring.map((r) => ({
      id: r.id,
      every: r.interval,
      status: r.status,
      amountCents: r.amountCents,
      feeCents: r.feeCents,
      nextOn: r.nextBillingAt ? formatDate(r.nextBillingAt, zone) : null,
      retryOn: r.nextRetryAt ? formatDate(r.nextRetryAt, zone) : null,
      startedOn: r.startedAt ? formatDate(r.startedAt, zone) : null,
      failedPayments: r.failedPayments,
      // Approved but its first collection not yet landed: the card says so, not "next gift on today".
      firstPending: !collected.has(r.id),
    })),
    gifts: gifts.map((g) => ({
      id: g.id,
      kind: g.kind,
      method: giftMethodLabel(g),
      amountCents: g.amountCents,
      givenAt: g.givenAt.toISOString(),
      refundedAt: g.refundedAt?.toISOString() ?? null,
    })),
    giftYears: Object.fromEntries(years),
    olderGifts: older ? instantCursor(older.givenAt, older.id) : null,
  };
}
