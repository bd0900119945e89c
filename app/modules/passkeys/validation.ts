import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod/mini";
import { isOneLine } from "../../lib/one-line";
import { ACCOUNT_MESSAGES } from "../accounts/messages";
import { PASSKEY_MESSAGES } from "./messages";

/*
 * What the passkey forms post. The browser's answer travels as JSON in one field; its shape is
 * checked here (strings where WebAuthn has base64url), its bytes by the library on the server.
 */

const b64url = z.string().check(z.regex(/^[A-Za-z0-9_-]*$/), z.maxLength(16_000));
const answerShape = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  clientExtensionResults: z.optional(z.record(z.string(), z.unknown())),
  authenticatorAttachment: z.optional(z.string()),
});

const registrationShape = z.extend(answerShape, {
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.optional(z.array(z.string().check(z.maxLength(20)))),
  }),
});

const authenticationShape = z.extend(answerShape, {
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: z.optional(b64url),
  }),
});

/** The JSON field, parsed and shaped; anything else is the one message "could not be checked". */
function credentialField<T>(shape: z.ZodMiniType<T>) {
  return z.pipe(
    z.string().check(z.minLength(1, PASSKEY_MESSAGES.failed), z.maxLength(40_000, PASSKEY_MESSAGES.failed)),
    z.transform((text, ctx) => {
      try {
        const parsed = shape.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {}
      ctx.issues.push({ code: "custom", message: PASSKEY_MESSAGES.failed, input: text });
      return z.NEVER;
    }),
  );
}

/**
 * A passkey's name: one line of printable text (no line breaks, tabs or other control characters),
 * as the list and the mails about it show it (issue 45).
 */
const passkeyName = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, PASSKEY_MESSAGES.name),
      z.maxLength(60, PASSKEY_MESSAGES.nameLong),
      z.refine(isOneLine, PASSKEY_MESSAGES.nameOneLine),
    );

export const addPasskeySchema = z.object({
  name: passkeyName(),
  credential: credentialField(registrationShape as z.ZodMiniType<RegistrationResponseJSON>),
});

export const removePasskeySchema = z.object({
  passkeyId: z.string().check(z.minLength(1, PASSKEY_MESSAGES.notYours), z.maxLength(100, PASSKEY_MESSAGES.notYours)),
});

/** A new name for one of the account's passkeys (its own field names: the list's remove forms carry passkeyId). */
export const renamePasskeySchema = z.object({
  renamePasskeyId: z
    .string()
    .check(z.minLength(1, PASSKEY_MESSAGES.notYours), z.maxLength(100, PASSKEY_MESSAGES.notYours)),
  newPasskeyName: passkeyName(),
});

/** Turning two-factor on with passkeys as the second step: the current password. */
export const passkeyTwoFactorSchema = z.object({
  passkeyPassword: z
    .string()
    .check(z.minLength(1, ACCOUNT_MESSAGES.password), z.maxLength(128, ACCOUNT_MESSAGES.passwordLong)),
});

/** Signing in with a passkey, or the second step with one. */
export const usePasskeySchema = z.object({
  credential: credentialField(authenticationShape as z.ZodMiniType<AuthenticationResponseJSON>),
  redirectTo: z.optional(z.string()),
});

/** Which ceremony's options /passkeys/options gives (the page's script names it). */
export const passkeyCeremonySchema = z.object({
  ceremony: z.enum(["register", "sign-in", "second-factor", "step-up"], PASSKEY_MESSAGES.ceremony),
});
