/* What passkeys say, apart from their schemas so a page can show them without loading zod. */

export const PASSKEY_MESSAGES = {
  name: "Please name this passkey, for example Phone or Laptop",
  nameLong: "Please keep the name under 60 characters",
  failed: "The passkey could not be checked. Please try again.",
  cancelled: "The passkey was not used: the prompt was closed or timed out. Please try again.",
  exists: "That passkey is on your account already.",
  full: "An account keeps at most 10 passkeys. Remove one you no longer use first.",
  notYours: "That passkey is not on your account.",
  signIn: "That passkey could not sign you in. Please try again, or use your password.",
  limited: "Too many passkey attempts. Please wait 15 minutes and try again.",
  signInFirst: "Please sign in again first.",
  ceremony: "Choose a passkey ceremony: register, sign-in or second-factor.",
  needsScript: "Passkeys need JavaScript: your browser asks your phone, computer or security key to make one.",
} as const;
