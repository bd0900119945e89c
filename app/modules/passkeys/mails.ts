import { renderMail } from "../mail/templates";

/** The emails about an account's passkeys; they name the passkey, never anything of its key. */

export function passkeyAddedMail(name: string, passkeyName: string, resetUrl: string) {
  return renderMail({
    heading: `A passkey was added to your account, ${name}`,
    paragraphs: [
      `A passkey named "${passkeyName}" was just added on your profile. From now on it can sign you in to your account on its own.`,
      `If this was not you, someone is signed in as you: reset your password with the link below (it signs every session out), then sign in and remove "${passkeyName}" under Profile, Passkeys, and write to us.`,
    ],
    action: { label: "This wasn't me: reset my password", url: resetUrl },
    footer: "If it was you, there is nothing more to do.",
  });
}

export function passkeyRemovedMail(name: string, passkeyName: string) {
  return renderMail({
    heading: `A passkey was removed from your account, ${name}`,
    paragraphs: [
      `The passkey named "${passkeyName}" was just removed on your profile and can no longer sign you in.`,
      "If this was not you, someone is signed in as you: reset your password from the sign-in page, which signs every session out, and write to us.",
    ],
  });
}
