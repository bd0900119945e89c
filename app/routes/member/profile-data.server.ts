import type { AppContext } from "~/handles";
import { formatDate, formatDateTime } from "~/lib/dates";
import { describeUserAgent } from "~/lib/user-agent";
import { pendingEmailChange } from "~/modules/accounts/email-change.server";
import { recoveryCodesLeft } from "~/modules/accounts/recovery-codes.server";
import { listSessions } from "~/modules/accounts/security.server";
import { isStaff, type Viewer } from "~/modules/accounts/session.server";
import { listRecordReads } from "~/modules/audit/audit.server";
import { memberGifts } from "~/modules/giving/gifts.server";
import { memberRecurring } from "~/modules/giving/recurring.server";
import { listPasskeys } from "~/modules/passkeys/passkeys.server";
import { linkableRecords } from "~/modules/profile/linking.server";
import { knownTimeZones, memberProfile } from "~/modules/profile/profile.server";

/** What /profile shows: every card's data, in the member's time zone (its loader's one call). */
export async function profilePageData(handles: AppContext, viewer: Viewer) {
  const zone = viewer.timezone;
  const [profile, reads, sessions, gifts, pending, linkable, codesLeft, keys, recurring] = await Promise.all([
    memberProfile(handles.db, handles.env, viewer.id),
    listRecordReads(handles.db, viewer.id),
    listSessions(handles, viewer.id),
    memberGifts(handles.db, viewer.id),
    pendingEmailChange(handles.db, viewer.id),
    linkableRecords(handles.db, viewer),
    viewer.twoFactorEnabled ? recoveryCodesLeft(handles.db, handles.env, viewer.id) : null,
    listPasskeys(handles.db, viewer.id),
    memberRecurring(handles.db, viewer.id),
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
    })),
    gifts: gifts.map((g) => ({
      id: g.id,
      kind: g.kind,
      amountCents: g.amountCents,
      givenAt: g.givenAt.toISOString(),
      refundedAt: g.refundedAt?.toISOString() ?? null,
    })),
  };
}
