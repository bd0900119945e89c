import { z } from "zod/mini";
import { isDay } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { roles } from "~/modules/accounts/roles";
import { applicationStatuses } from "~/modules/intake/application-status";

/*
 * The Temple Keepers' console forms (docs/decisions/008-one-form-pipeline.md): one schema per form,
 * the same messages the console has always shown. The decision of a form with several buttons comes
 * with the button pressed (its `intent` or `decision`), which the browser's check before sending
 * cannot see, so each such form also has a schema of its typed fields only (`...Fields`), the part
 * the browser checks.
 */

const serial = (message: string) => z.string().check(z.refine((v) => serialId(v) !== null, message));

/** A keeper's message or note: optional, at most 2000 characters. */
const longText = (message: string) => z.string().check(z.trim(), z.maxLength(2000, message));

export const accessDecisionFields = z.object({
  message: longText("Please keep the message under 2000 characters."),
});
export const accessDecisionSchema = z.object({
  decision: z.enum(["approve", "decline"], "Choose approve or decline."),
  ...accessDecisionFields.shape,
});

const applicationText = longText("Please keep it under 2000 characters.");
export const applicationFields = z.object({ text: applicationText });
export const applicationNoteSchema = z.object({
  intent: z.literal("note", "Unknown action."),
  text: z
    .string()
    .check(z.trim(), z.minLength(1, "Write a note first."), z.maxLength(2000, "Please keep it under 2000 characters.")),
});
export const applicationDecisionSchema = z.object({
  decision: z.enum(applicationStatuses, "Choose a decision."),
  text: applicationText,
});

export const memberRoleSchema = z.object({
  intent: z.literal("role", "Unknown action."),
  role: z.enum(roles, "Choose one of the roles."),
});
export const memberAccountSchema = z.object({
  intent: z.enum(["disable", "enable"], "Unknown action."),
});

/** An admin's reset of another account's second factor, confirmed: never on the strength of an email alone. */
export const resetTwoFactorSchema = z.object({
  intent: z.literal("reset-two-factor", "Unknown action."),
  confirm: z.literal("on", "Tick the box once you have confirmed who is asking, in person or by a call."),
});

export const resendSchema = z.object({ id: serial("Unknown email.") });

export const refundSchema = z.object({ refund: serial("This gift cannot be refunded.") });

export const bookingDecisionSchema = z.object({
  intent: z.enum(["approve", "decline"], "Unknown action."),
  id: z.string().check(z.minLength(1, "This request has already been decided.")),
});
const REASON = "Give a short reason (up to 200 characters).";
export const closeDayFields = z.object({
  day: z.string().check(z.refine(isDay, "Choose a day to close.")),
  reason: z.string().check(z.trim(), z.minLength(1, REASON), z.maxLength(200, REASON)),
});
export const closeDaySchema = z.object({ intent: z.literal("block", "Unknown action."), ...closeDayFields.shape });
export const reopenDaySchema = z.object({
  intent: z.literal("unblock", "Unknown action."),
  day: z.string().check(z.refine(isDay, "Choose a day to reopen.")),
});
