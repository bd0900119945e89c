import { renderMail } from "../mail/templates";

/** The emails the accounts module sends; wording in one place. */

export function passwordResetMail(name: string, url: string) {
  return renderMail({
    heading: `Reset your sacred key, ${name}`,
    paragraphs: [
      "Someone (we hope you) asked to reset the password of your member account. Use the link below to choose a new one. It works once and for 24 hours.",
      "When you set a new password, every other place where you are signed in is signed out.",
    ],
    action: { label: "Choose a new password", url },
    footer: "If you did not ask for this, ignore this email: your password stays as it is.",
  });
}

export function invitationMail(name: string, url: string, message: string | null) {
  return renderMail({
    heading: `Welcome, ${name}`,
    paragraphs: [
      "The Temple Keepers have read your request and are glad to welcome you into the member area.",
      ...(message ? [`A note from the keeper who read your request:\n${message}`] : []),
      "Use the link below to choose your username and password. It works once and for 7 days; if it expires, write to us and we will send another.",
    ],
    action: { label: "Set up your account", url },
    footer: "You receive this because you asked for access on our website.",
  });
}

export function declineMail(name: string, message: string | null) {
  return renderMail({
    heading: `Thank you, ${name}`,
    paragraphs: [
      "Thank you for the care you put into your request for access. After reading it, the Temple Keepers will not open the member area to you at this time.",
      ...(message ? [`A note from the keeper who read your request:\n${message}`] : []),
      "This is not a judgement of your path. Our articles, the FAQ and the contact form remain open to you, and you are welcome to write to us with any question.",
    ],
    footer: "You receive this because you asked for access on our website.",
  });
}

export function emailChangedMail(name: string, newEmail: string) {
  return renderMail({
    heading: `Your sign-in email changed, ${name}`,
    paragraphs: [
      `The email address of your member account is now ${newEmail}. From now on we will write to that address.`,
      "If you did not make this change, reply to this email or use the contact form at once so we can secure your account.",
    ],
  });
}

export function adminSetupMail(name: string, url: string) {
  return renderMail({
    heading: `Set up the console, ${name}`,
    paragraphs: [
      "An administrator account was prepared for you on our website by the person who runs its server.",
      "Use the link below to choose your username and password. It works once and for 24 hours; then you set up two-factor authentication with an authenticator app, and the Temple Keepers' console opens.",
    ],
    action: { label: "Set up the console", url },
    footer: "If you did not expect this, do not follow the link, and tell the person who runs our server.",
  });
}
