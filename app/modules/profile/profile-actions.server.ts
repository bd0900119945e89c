import type { AppContext } from "../../context";
import { firstError } from "../../lib/forms";
import { cancelEmailChange, requestEmailChange, requestEmailConfirmation } from "../accounts/email-change.server";
import {
  changePassword,
  checkCurrentPassword,
  endOtherSessions,
  endSession,
  type PasswordCheck,
} from "../accounts/security.server";
import type { Viewer } from "../accounts/session.server";
import { signOut } from "../accounts/sign-in.server";
import { ACCOUNT_MESSAGES, changeEmailSchema, changePasswordSchema } from "../accounts/validation";
import { deleteMemberAccount } from "./data-rights.server";
import { linkRecords } from "./linking.server";
import { saveMedicalRecord, updateBasicProfile, updateProfile } from "./profile.server";
import {
  basicProfileSchema,
  clothingSchema,
  dietarySchema,
  medicalRecordSchema,
  SETTINGS,
  settingsSchema,
} from "./validation";

type Ctx = Pick<AppContext, "db" | "env" | "clientIp" | "logger">;
type Fields = Record<string, string>;

export type ProfileOutcome =
  | { kind: "saved"; intent: string; anchor: string; headers?: Headers }
  | { kind: "error"; intent: string; message: string; status: number; headers?: HeadersInit }
  | { kind: "redirect"; to: string; headers?: Headers };

export const TOO_MANY_PASSWORD_ATTEMPTS =
  "Too many attempts with a wrong password. Please wait 15 minutes and try again.";

const invalid = (intent: string, message: string | null, status = 400): ProfileOutcome => ({
  kind: "error",
  intent,
  message: message ?? "Please check the form and try again.",
  status,
});

/** The answer to a refused current password: wrong (400) or, after too many, limited (429). */
const refusedPassword = (intent: string, check: Exclude<PasswordCheck, { kind: "ok" }>): ProfileOutcome =>
  check.kind === "limited"
    ? {
        kind: "error",
        intent,
        message: TOO_MANY_PASSWORD_ATTEMPTS,
        status: 429,
        headers: { "Retry-After": String(check.retryAfterSeconds) },
      }
    : invalid(intent, ACCOUNT_MESSAGES.currentPassword);

/** One handler per card of /profile (the form's `intent`), each validated on the server. */
export async function profileAction(
  request: Request,
  context: Ctx,
  viewer: Viewer,
  fields: Fields,
): Promise<ProfileOutcome> {
  const intent = fields.intent ?? "";
  switch (intent) {
    case "basic": {
      const parsed = basicProfileSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, firstError(basicProfileSchema, fields));
      await updateBasicProfile(context.db, viewer.id, parsed.data);
      return { kind: "saved", intent, anchor: intent };
    }
    case "medical": {
      const parsed = medicalRecordSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, firstError(medicalRecordSchema, fields));
      const { isPrivate, ...record } = parsed.data;
      await saveMedicalRecord(context.db, context.env, viewer.id, record, isPrivate !== undefined);
      return { kind: "saved", intent, anchor: intent };
    }
    case "clothing": {
      const parsed = clothingSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, firstError(clothingSchema, fields));
      await updateProfile(context.db, viewer.id, parsed.data);
      return { kind: "saved", intent, anchor: intent };
    }
    case "dietary": {
      const parsed = dietarySchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, firstError(dietarySchema, fields));
      await updateProfile(context.db, viewer.id, parsed.data);
      return { kind: "saved", intent, anchor: intent };
    }
    case "settings": {
      const parsed = settingsSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, firstError(settingsSchema, fields));
      // Unticked checkboxes are simply absent from the form.
      const switches = Object.fromEntries(SETTINGS.map((s) => [s.key, fields[s.key] !== undefined]));
      await updateProfile(context.db, viewer.id, { ...switches, timezone: parsed.data.timezone });
      return { kind: "saved", intent, anchor: intent };
    }
    case "password": {
      const parsed = changePasswordSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, firstError(changePasswordSchema, fields));
      const changed = await changePassword(request, context, viewer, parsed.data);
      if (changed.kind !== "ok") return refusedPassword(intent, changed);
      return { kind: "saved", intent, anchor: "security", headers: changed.headers };
    }
    case "email": {
      const parsed = changeEmailSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, firstError(changeEmailSchema, fields));
      // The same answer whether or not another account has the address (its owner is told instead).
      const outcome = await requestEmailChange(context, viewer, parsed.data);
      if (outcome.kind !== "sent") return refusedPassword(intent, outcome);
      return { kind: "saved", intent: "email-sent", anchor: "security" };
    }
    case "confirm-email": {
      const outcome = await requestEmailConfirmation(context, viewer);
      if (outcome.kind === "limited") return refusedPassword("email", outcome);
      return { kind: "saved", intent: "email-sent", anchor: "security" };
    }
    case "cancel-email": {
      await cancelEmailChange(context.db, viewer.id);
      return { kind: "saved", intent: "email-cancelled", anchor: "security" };
    }
    case "link-records": {
      const linked = await linkRecords(context.db, viewer, (fields.records ?? "").split(",").slice(0, 500));
      return { kind: "saved", intent: linked > 0 ? "linked" : "linked-none", anchor: "link-records" };
    }
    case "end-session": {
      await endSession(context, viewer.id, fields.sessionId ?? "");
      return { kind: "saved", intent: "sessions", anchor: "security" };
    }
    case "end-other-sessions": {
      await endOtherSessions(context, viewer);
      return { kind: "saved", intent: "sessions", anchor: "security" };
    }
    case "delete": {
      if (fields.confirm === undefined) return invalid(intent, "Please tick the box to confirm.");
      const password = await checkCurrentPassword(context, viewer.id, (fields.currentPassword ?? "").slice(0, 128));
      if (password.kind !== "ok") return refusedPassword(intent, password);
      const headers = await signOut(request, context);
      await deleteMemberAccount(context.db, viewer.id);
      return { kind: "redirect", to: "/", headers };
    }
    default:
      return invalid(intent, "Unknown action.");
  }
}
