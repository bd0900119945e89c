import type { Outcomes } from "~/forms/outcome";
import { EMAIL_CHANGE_HOURS } from "~/modules/accounts/messages";

/** What each of the page's forms says when it worked (app/forms/outcome.ts): SPEC.md's "Saved" toast, or the banner. */
export const PROFILE_SAVED = {
  basic: { title: "Saved", description: "Your profile is saved." },
  medical: { title: "Saved", description: "Your medical record is saved, encrypted." },
  clothing: { title: "Saved", description: "Your clothing preferences are saved." },
  dietary: { title: "Saved", description: "Your dietary notes are saved." },
  settings: { title: "Saved", description: "Your settings are saved." },
  password: { title: "Saved", description: "Your password is changed. Other sessions were signed out." },
  "email-sent": {
    title: "Saved",
    description: `We sent a link to that address. Your email changes only when the link is followed, within ${EMAIL_CHANGE_HOURS} hours.`,
  },
  "email-cancelled": { title: "Saved", description: "The change is cancelled. Your email stays as it was." },
  linked: { title: "Saved", description: "Those records are now part of your account." },
  "linked-none": { title: "Saved", description: "Nothing new was linked." },
  sessions: { title: "Saved", description: "That session is signed out." },
  "two-factor-on": {
    title: "Saved",
    description: "Two-factor is on. Other sessions were signed out; the next sign-in asks for your second step.",
  },
  "passkey-added": { title: "Saved", description: "Your passkey is added. It can sign you in on its own now." },
  "passkey-renamed": { title: "Saved", description: "Your passkey is renamed." },
  "passkey-removed": { title: "Saved", description: "That passkey is removed and can no longer sign you in." },
  "recurring-started": {
    title: "Thank you",
    description: "Your recurring offering is set up. The first gift is collected now; its receipt comes by email.",
  },
  "recurring-waiting": {
    title: "Almost there",
    description:
      "PayPal has not confirmed your recurring offering yet. It shows here once it does; nothing is collected before.",
  },
  "recurring-amount": { title: "Saved", description: "The amount of your recurring offering is changed." },
  "recurring-paused": { title: "Saved", description: "Your recurring offering is paused." },
  "recurring-resumed": { title: "Saved", description: "Your recurring offering is resumed. Thank you." },
  "recurring-cancelled": {
    title: "Saved",
    description: "Your recurring offering is cancelled. Thank you for all you gave.",
  },
  "two-factor-off": { title: "Saved", description: "Two-factor is off. Your password alone opens your account." },
} satisfies Outcomes;
