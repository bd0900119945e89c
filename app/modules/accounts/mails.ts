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
      ...(message ? [{ lead: "A note from the keeper who read your request:", keeperWrote: message }] : []),
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
      ...(message ? [{ lead: "A note from the keeper who read your request:", keeperWrote: message }] : []),
      "This is not a judgement of your path. Our articles, the FAQ and the contact form remain open to you, and you are welcome to write to us with any question.",
    ],
    footer: "You receive this because you asked for access on our website.",
  });
}

export function emailChangedMail(name: string, newEmail: string) {
  return renderMail({
    heading: `Your sign-in email changed, ${name}`,
    paragraphs: [
      `The email address of your member account is now ${newEmail}: its owner followed the confirmation link we sent there. From now on we will write to that address.`,
      "If you did not make this change, reply to this email or use the contact form at once so we can secure your account.",
    ],
  });
}

export function emailConfirmMail(name: string, email: string, url: string, sameAddress: boolean, hours: number) {
  return renderMail({
    heading: sameAddress ? `Confirm your email address, ${name}` : `Confirm your new email address, ${name}`,
    paragraphs: [
      sameAddress
        ? `Please confirm that ${email} is your address. Once confirmed, you can link to your account what you sent us from it before you signed in (an application, gifts, bookings).`
        : `You asked to sign in to your member account with ${email} from now on. Nothing changes until you confirm: your current address stays in use until then.`,
      `The link works once and for ${hours} hours.`,
    ],
    action: { label: sameAddress ? "Confirm my address" : "Confirm my new address", url },
    footer: "If you did not ask for this, ignore this email: nothing will change.",
  });
}

export function emailAddressInUseMail(resetUrl: string) {
  return renderMail({
    heading: "Someone asked to use your address",
    paragraphs: [
      "A signed-in member asked to make this address the sign-in address of their account. It already belongs to your account, so nothing was changed and your account is as it was.",
      "If it was you (with a second account), sign in with this address instead. If you have forgotten its password, you can choose a new one:",
    ],
    action: { label: "Reset my password", url: resetUrl },
    footer: "If it was not you, there is nothing to do. Write to us through the contact form if this happens again.",
  });
}

export function passwordChangedMail(name: string, how: "changed" | "reset", resetUrl: string) {
  return renderMail({
    heading: `Your password was ${how}, ${name}`,
    paragraphs: [
      how === "changed"
        ? "The password of your member account was just changed from your profile. Every other place where you were signed in has been signed out."
        : "The password of your member account was just reset with a link sent to this address. Every place where you were signed in has been signed out.",
      "If this was not you: choose a new password at once with the link below (it is sent only to this address), then write to us through the contact form so a Temple Keeper can check your account with you.",
    ],
    action: { label: "This wasn't me: reset my password", url: resetUrl },
    footer: "If it was you, there is nothing more to do.",
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

export function recoveryCodesLowMail(name: string, left: number, profileUrl: string) {
  return renderMail({
    heading:
      left === 0
        ? `Your recovery codes are used up, ${name}`
        : `Only ${left} recovery code${left === 1 ? "" : "s"} left, ${name}`,
    paragraphs: [
      "A recovery code was just used to sign in to your account in place of your authenticator app.",
      left === 0
        ? "None are left. If you lose your phone now, only an administrator can let you back in. Renew your codes on your profile while you can still sign in."
        : "Renew your codes on your profile before the last one is gone: the new ones replace all the old ones.",
      "If you did not use a recovery code, someone knows your password and a code: change your password at once and write to us.",
    ],
    action: { label: "Renew my recovery codes", url: profileUrl },
  });
}

export function recoveryCodesRenewedMail(name: string, resetUrl: string) {
  return renderMail({
    heading: `Your recovery codes were renewed, ${name}`,
    paragraphs: [
      "New recovery codes were just made for your account from your profile. The old ones no longer work.",
      "If this was not you, someone is signed in as you: reset your password with the link below, which signs every session out, and write to us.",
    ],
    action: { label: "This wasn't me: reset my password", url: resetUrl },
    footer: "If it was you, keep the new codes somewhere safe, away from your phone.",
  });
}

export function twoFactorOffMail(name: string, resetUrl: string) {
  return renderMail({
    heading: `Two-factor sign-in is off, ${name}`,
    paragraphs: [
      "The second step of your sign-in was just turned off from your profile. Your password alone now opens your account; your old recovery codes no longer work.",
      "If this was not you, reset your password with the link below, which signs every session out, then turn two-factor on again and write to us.",
    ],
    action: { label: "This wasn't me: reset my password", url: resetUrl },
    footer: "If it was you, you can turn it on again from your profile at any time.",
  });
}
