import { FormRefusal, invalid, parse, refused, type Submission, succeeded, unknownForm } from "~/forms/action.server";
import type { FormResult } from "~/forms/forms";
import { donePage } from "~/forms/outcome";
import type { LoggedHandles } from "~/handles";
import { cancelEmailChange, requestEmailConfirmation, sendConfirmation } from "~/modules/accounts/email-change.server";
import { ACCOUNT_MESSAGES, TWO_FACTOR_MESSAGES } from "~/modules/accounts/messages";
import { renewRecoveryCodes, turnOffTwoFactor } from "~/modules/accounts/recovery-codes.server";
import {
  changePassword,
  checkCurrentPassword,
  endOtherSessions,
  endSession,
  type PasswordCheck,
} from "~/modules/accounts/security.server";
import type { Viewer } from "~/modules/accounts/session.server";
import { signOut } from "~/modules/accounts/sign-in.server";
import { changeEmailSchema, changePasswordSchema } from "~/modules/accounts/validation";
import { cancelAllRecurring } from "~/modules/giving/recurring-changes.server";
import { RECURRING_MESSAGES } from "~/modules/giving/recurring-messages";
import { PASSKEY_MESSAGES } from "~/modules/passkeys/messages";
import { keepPasskey, removePasskey, renamePasskey } from "~/modules/passkeys/passkeys.server";
import { addPasskeySchema, removePasskeySchema, renamePasskeySchema } from "~/modules/passkeys/validation";
import { PaymentProviderError } from "~/modules/payments/provider";
import { deleteMemberAccount } from "~/modules/profile/data-rights.server";
import { linkRecords } from "~/modules/profile/linking.server";
import { saveMedicalRecord, updateBasicProfile, updateProfile } from "~/modules/profile/profile.server";
import {
  basicProfileSchema,
  clothingSchema,
  deleteAccountSchema,
  dietarySchema,
  endSessionSchema,
  linkRecordsSchema,
  medicalRecordSchema,
  SETTINGS,
  settingsSchema,
  twoFactorPasswordSchema,
} from "~/modules/profile/validation";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Db } from "../../../db/client";
import { recurringAction } from "./profile-recurring.server";

export const TOO_MANY_PASSWORD_ATTEMPTS =
  "Too many attempts with a wrong password. Please wait 15 minutes and try again.";
const WRONG_PASSWORD = { title: "Not saved", description: ACCOUNT_MESSAGES.currentPassword };
const LIMITED = { title: "Too many attempts", description: TOO_MANY_PASSWORD_ATTEMPTS };
const PASSKEY_REFUSALS = {
  invalid: { title: "Not saved", description: PASSKEY_MESSAGES.failed },
  exists: { title: "Not saved", description: PASSKEY_MESSAGES.exists },
  full: { title: "Not saved", description: PASSKEY_MESSAGES.full },
  notYours: { title: "Not saved", description: PASSKEY_MESSAGES.notYours },
  last: { title: "Not saved", description: PASSKEY_MESSAGES.last },
};
const NO_CODES = { title: "Not saved", description: TWO_FACTOR_MESSAGES.noCodes };
const STAFF_KEEP_TWO_FACTOR = { title: "Not saved", description: TWO_FACTOR_MESSAGES.staffKeepsIt };

/** Where a success lands (redirect after post): the page reads `?done=` and says what happened. */
export const savedAt = (saved: string, anchor: string) => donePage("/profile", saved, undefined, anchor);

/**
 * What the app gets on success: which form answered, and where the page goes to say so; or, for
 * renewed recovery codes, the codes to show once (no address may carry them).
 */
export interface ProfileSaved {
  intent: string;
  redirectTo?: string;
  codes?: string[];
}
const answerFor = (intent: string, saved: string, anchor: string) => {
  const redirectTo = savedAt(saved, anchor);
  return { redirectTo, data: { intent, redirectTo } satisfies ProfileSaved };
};

/** A refused current password: wrong (400) or, after too many, limited (429 with Retry-After). */
function refusedPassword(submission: Submission, check: Exclude<PasswordCheck, { kind: "ok" }>) {
  return check.kind === "limited"
    ? refused(submission, LIMITED, 429, { retryAfterSeconds: check.retryAfterSeconds, rateLimited: true })
    : refused(submission, WRONG_PASSWORD, 400);
}

/**
 * One handler per form of /profile (its `intent`), each checked by its schema and answered by
 * the one pipeline. Saves that store something run inside `once` with the form's one-time key;
 * the others say why they need none.
 */
export async function profileAction(request: Request, context: LoggedHandles, viewer: Viewer, submission: Submission) {
  const intent = submission.fields.intent ?? "";
  // Every form here acts on the viewer's own account, which the owner already names.
  const key = { key: submission.key, ownerId: viewer.id, subject: NEW_RECORD };
  /** Stores once per one-time key, then answers as the pipeline does. */
  const store = async (saved: string, anchor: string, write: (tx: Db) => Promise<unknown>) => {
    const answer = await once(context.db, { scope: `profile.${intent}`, ...key }, async (tx) => {
      await write(tx);
      return answerFor(intent, saved, anchor);
    });
    return succeeded(request, answer);
  };
  switch (intent) {
    case "basic": {
      const parsed = parse(submission, basicProfileSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      return store("basic", "basic", (tx) => updateBasicProfile(tx, viewer.id, parsed.data));
    }
    case "medical": {
      const parsed = parse(submission, medicalRecordSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      const { isPrivate, ...record } = parsed.data;
      return store("medical", "medical", (tx) => saveMedicalRecord(tx, context.env, viewer.id, record, isPrivate));
    }
    case "clothing": {
      const parsed = parse(submission, clothingSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      return store(intent, intent, (tx) => updateProfile(tx, viewer.id, parsed.data));
    }
    case "dietary": {
      const parsed = parse(submission, dietarySchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      return store(intent, intent, (tx) => updateProfile(tx, viewer.id, parsed.data));
    }
    case "settings": {
      const parsed = parse(submission, settingsSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      const switches = Object.fromEntries(SETTINGS.map((s) => [s.key, parsed.data[s.key]]));
      return store("settings", "settings", (tx) =>
        updateProfile(tx, viewer.id, { ...switches, timezone: parsed.data.timezone }),
      );
    }
    case "password": {
      const parsed = parse(submission, changePasswordSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      // No one-time key: the new password is a state, not a record, and better-auth sets it
      // (outside our transaction); a resend is checked against the current password again.
      const changed = await changePassword(request, context, viewer, parsed.data);
      if (changed.kind !== "ok") return refusedPassword(submission, changed);
      const { redirectTo, data } = answerFor(intent, "password", "security");
      return succeeded(request, { redirectTo, data }, changed.headers);
    }
    case "email": {
      const parsed = parse(submission, changeEmailSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      const password = await checkCurrentPassword(context, viewer.id, parsed.data.currentPassword);
      if (password.kind !== "ok") return refusedPassword(submission, password);
      // The same answer whether or not another account has the address (its owner is told instead).
      return store("email-sent", "security", async (tx) => {
        const sent = await sendConfirmation({ ...context, db: tx }, viewer, parsed.data.newEmail);
        if (sent.kind !== "sent") throw new FormRefusal(refusedPassword(submission, sent));
      });
    }
    case "confirm-email":
      return store("email-sent", "security", async (tx) => {
        const sent = await requestEmailConfirmation({ ...context, db: tx }, viewer);
        if (sent.kind !== "sent") throw new FormRefusal(refusedPassword(submission, sent));
      });
    case "cancel-email": {
      // A delete: a second one finds nothing to delete, so it needs no one-time key.
      await cancelEmailChange(context.db, viewer.id);
      return succeeded(request, answerFor(intent, "email-cancelled", "security"));
    }
    case "link-records": {
      const parsed = parse(submission, linkRecordsSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      // Keyed, so a resend after a lost answer hears "linked", not "nothing new was linked".
      const answer = await once(context.db, { scope: "profile.link-records", ...key }, async (tx) => {
        const linked = await linkRecords(tx, viewer, parsed.data.records.split(",").slice(0, 500));
        return answerFor(intent, linked > 0 ? "linked" : "linked-none", "link-records");
      });
      return succeeded(request, answer);
    }
    // A recurring offering's forms (their own file): each is keyed by the offering and the form's key.
    case "recurring-amount":
    case "recurring-pause":
    case "recurring-resume":
    case "recurring-cancel":
      return recurringAction(request, context, viewer, submission);
    // Deletes: a second one finds nothing more to end, so they need no one-time key.
    case "end-session": {
      const parsed = parse(submission, endSessionSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      await endSession(context, viewer.id, parsed.data.sessionId);
      return succeeded(request, answerFor(intent, "sessions", "security"));
    }
    case "end-other-sessions":
      await endOtherSessions(context, viewer);
      return succeeded(request, answerFor(intent, "sessions", "security"));
    case "renew-recovery-codes": {
      const parsed = parse(submission, twoFactorPasswordSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      // No one-time key: the new codes are shown once and never stored in the clear. A resend
      // renews again, and the page shows the set that works.
      const renewed = await renewRecoveryCodes(request, context, viewer, parsed.data.twoFactorPassword);
      if (renewed.kind === "off") return refused(submission, NO_CODES, 409);
      if (renewed.kind !== "ok") return refusedPassword(submission, renewed);
      return { ok: true, data: { intent, codes: renewed.codes } } satisfies FormResult<ProfileSaved>;
    }
    case "two-factor-off": {
      const parsed = parse(submission, twoFactorPasswordSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      // A state, not a record: a resend finds it off already and changes nothing more.
      const off = await turnOffTwoFactor(context, viewer, parsed.data.twoFactorPassword);
      if (off.kind === "staff") return refused(submission, STAFF_KEEP_TWO_FACTOR, 403);
      if (off.kind !== "ok") return refusedPassword(submission, off);
      return succeeded(request, answerFor(intent, "two-factor-off", "two-factor"));
    }
    case "add-passkey": {
      const parsed = parse(submission, addPasskeySchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      // No one-time key: the passkey's challenge is claimed once, so a resend is refused by it.
      const { name, credential } = parsed.data;
      const added = await keepPasskey(request, context, viewer, name, credential);
      if (added.kind !== "added")
        return refused(submission, PASSKEY_REFUSALS[added.kind], added.kind === "invalid" ? 400 : 409);
      return succeeded(request, answerFor(intent, "passkey-added", "passkeys"));
    }
    case "remove-passkey": {
      const parsed = parse(submission, removePasskeySchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      // A delete: a second one finds nothing, and says so.
      const removed = await removePasskey(context, viewer, parsed.data.passkeyId);
      if (removed === "missing") return refused(submission, PASSKEY_REFUSALS.notYours, 404);
      if (removed === "last") return refused(submission, PASSKEY_REFUSALS.last, 409);
      return succeeded(request, answerFor(intent, "passkey-removed", "passkeys"));
    }
    case "rename-passkey": {
      const parsed = parse(submission, renamePasskeySchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      // A state, not a record: a resend names it the same again.
      const { renamePasskeyId, newPasskeyName } = parsed.data;
      if (!(await renamePasskey(context.db, viewer, renamePasskeyId, newPasskeyName))) {
        return refused(submission, PASSKEY_REFUSALS.notYours, 404);
      }
      return succeeded(request, answerFor(intent, "passkey-renamed", "passkeys"));
    }
    case "delete": {
      const parsed = parse(submission, deleteAccountSchema);
      if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
      const password = await checkCurrentPassword(context, viewer.id, parsed.data.currentPassword);
      if (password.kind !== "ok") return refusedPassword(submission, password);
      // A delete needs no one-time key. The session ends with it, so this is a redirect with and
      // without JavaScript, to a page that says the account is gone.
      // Nothing may be collected for an account that is gone: its recurring offerings end first.
      try {
        await cancelAllRecurring(context.db, context.env, viewer.id);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        return refused(submission, RECURRING_MESSAGES.providerFailed, 502);
      }
      const headers = await signOut(request, context);
      await deleteMemberAccount(context.db, viewer.id);
      throw new Response(null, { status: 303, headers: withLocation(headers, donePage("/sacred-access", "deleted")) });
    }
    default:
      return unknownForm(submission);
  }
}

function withLocation(headers: Headers, location: string) {
  const out = new Headers(headers);
  out.set("Location", location);
  return out;
}
