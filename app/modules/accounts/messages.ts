/* The account forms' words, apart from their schemas so a page can show them without loading zod (decision 003). */

/** The spec's sign-in and forgot-password validation messages; DESIGN.md "Security bar" for new passwords. */
export const ACCOUNT_MESSAGES = {
  identifier: "Please enter your email or username",
  password: "Please enter your password",
  passwordShort: "Password must be at least 6 characters long",
  invalidCredentials: "Invalid credentials. Please check your email/username and password.",
  unexpected: "An unexpected error occurred",
  resetEmail: "Please enter your email address",
  resetEmailInvalid: "Please enter a valid email address",
  resetFailed: "Unable to send reset instructions. Please try again.",
  newPasswordLength: "Your new password must be 8 to 128 characters long",
  newPasswordCommon: "This password is too common. Please choose one that is harder to guess.",
  passwordsDiffer: "The two passwords do not match",
  username: "Username must be 3 to 30 characters: letters, numbers, dots and underscores",
  usernameTaken: "That username is taken. Please choose another.",
  currentPassword: "Your current password is not correct",
  identifierLong: "An email or username has at most 254 characters",
  passwordLong: "A password has at most 128 characters",
  codeLong: "That is not a code from your authenticator app or a recovery code",
} as const;

/**
 * When reset links for one address were asked from many connections (its ceiling, decision 007):
 * the same words whether or not the address has an account, and the way through is the inbox.
 */
export const resetAddressBusy = (wait: string) => ({
  title: "Reset failed",
  description: `Many reset links were asked for this address within the hour. If it has an account, a link is already in its inbox (look in the spam folder too); or try again in ${wait}.`,
});

/** The second factor's words (sign-in and the console's enrolment). */
export const TWO_FACTOR_MESSAGES = {
  invalid: "That code is not correct. Please try again with a fresh code.",
  limited: "Too many attempts. Please wait 15 minutes and try again.",
  password: "Your password is not correct",
  noCodes: "There are no recovery codes to renew: two-factor is off, or asks for a passkey instead.",
  staffKeepsIt: "Temple Keepers keep two-factor on: the console opens only with it.",
} as const;

/** How long the link that proves a new sign-in address works. */
export const EMAIL_CHANGE_HOURS = 24;
