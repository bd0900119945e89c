import { z } from "zod/mini";
import { EMAIL_PATTERN } from "~/lib/email";
import { COMMON_PASSWORDS } from "./common-passwords";
import { ACCOUNT_MESSAGES } from "./messages";

export const signInSchema = z.object({
  emailOrUsername: z
    .string()
    .check(z.trim(), z.minLength(1, ACCOUNT_MESSAGES.identifier), z.maxLength(254, ACCOUNT_MESSAGES.identifierLong)),
  password: z
    .string()
    .check(
      z.minLength(1, ACCOUNT_MESSAGES.password),
      z.minLength(6, ACCOUNT_MESSAGES.passwordShort),
      z.maxLength(128, ACCOUNT_MESSAGES.invalidCredentials),
    ),
  redirectTo: z.optional(z.string()),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, ACCOUNT_MESSAGES.resetEmail),
      z.maxLength(254, ACCOUNT_MESSAGES.resetEmailInvalid),
      z.regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.resetEmailInvalid),
      z.toLowerCase(),
    ),
});

export const newPassword = z.string().check(
  z.minLength(8, ACCOUNT_MESSAGES.newPasswordLength),
  z.maxLength(128, ACCOUNT_MESSAGES.newPasswordLength),
  z.refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), ACCOUNT_MESSAGES.newPasswordCommon),
);

const confirmed = <T extends z.ZodMiniObject<{ password: typeof newPassword; confirmPassword: z.ZodMiniString }>>(
  schema: T,
) =>
  schema.check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: ACCOUNT_MESSAGES.passwordsDiffer,
      path: ["confirmPassword"],
    }),
  );

export const resetPasswordSchema = confirmed(z.object({ password: newPassword, confirmPassword: z.string() }));

export const usernameSchema = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z0-9_.]{3,30}$/, ACCOUNT_MESSAGES.username), z.toLowerCase());

export const acceptInvitationSchema = confirmed(
  z.object({ username: usernameSchema, password: newPassword, confirmPassword: z.string() }),
);

export const changePasswordSchema = confirmed(
  z.object({
    currentPassword: z
      .string()
      .check(z.minLength(1, ACCOUNT_MESSAGES.password), z.maxLength(128, ACCOUNT_MESSAGES.passwordLong)),
    password: newPassword,
    confirmPassword: z.string(),
  }),
);

export const changeEmailSchema = z.object({
  newEmail: forgotPasswordSchema.shape.email,
  currentPassword: z
    .string()
    .check(z.minLength(1, ACCOUNT_MESSAGES.password), z.maxLength(128, ACCOUNT_MESSAGES.passwordLong)),
});

/** A second-factor code: six digits from an app, or a recovery code (hence up to 64). Never echoed back. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please enter the code from your authenticator app"),
      z.maxLength(64, ACCOUNT_MESSAGES.codeLong),
    ),
  redirectTo: z.optional(z.string()),
});

/** Turning two-factor on begins with the account's password. */
export const enrolPasswordSchema = z.object({
  password: z
    .string()
    .check(z.minLength(1, ACCOUNT_MESSAGES.password), z.maxLength(128, ACCOUNT_MESSAGES.passwordLong)),
});
