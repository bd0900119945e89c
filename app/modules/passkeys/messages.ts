/* What passkeys say, apart from their schemas so a page can show them without loading zod. */

export const PASSKEY_MESSAGES = {
  name: "Please name this passkey, for example Phone or Laptop",
  nameLong: "Please keep the name under 60 characters",
  nameOneLine: "Please write the name on one line, without line breaks or tabs, for example Phone or Laptop",
  failed: "The passkey could not be checked. Please try again.",
  cancelled: "The passkey was not used: the prompt was closed or timed out. Please try again.",
  exists: "That passkey is on your account already.",
  full: "An account keeps at most 10 passkeys. Remove one you no longer use first.",
  notYours: "That passkey is not on your account.",
  signIn: "That passkey could not sign you in. Please try again, or use your password.",
  limited: "Too many passkey attempts. Please wait 15 minutes and try again.",
  signInFirst: "Please sign in again first.",
  ceremony: "Choose a passkey ceremony: register, sign-in, second-factor or step-up.",
  last: "This is your last passkey, and two-factor asks for one after your password. Add another passkey, or turn two-factor off, first.",
  noPasskeys: "Add a passkey on your profile first: two-factor will ask for one after your password.",
  staffUseApp:
    "Temple Keepers turn two-factor on with an authenticator app, whose recovery codes are the console's way back; passkeys can stand beside it.",
  passkeyOnly:
    "Your account asks for one of your passkeys after your password. Passkeys need JavaScript: please turn it on, or ask a Temple Keeper for help.",
  needsScript: "Passkeys need JavaScript: your browser asks your phone, computer or security key to make one.",
} as const;
