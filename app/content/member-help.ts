/**
 * "What is this?" for the parts of the member area people find new (issue 50): a short answer under the card
 * itself (native <details>, so it opens without JavaScript) and the longer one on /help, which links them all.
 * Plain words, true to what the site does; each `where` is the page and card where the thing lives.
 */
export interface HelpTopic {
  id: string;
  title: string;
  /** One or two sentences: what it is and why someone would want it, shown under the card. */
  short: string;
  /** The help page's paragraphs: how it works, what it does not do, what to do when something goes wrong. */
  more: ReadonlyArray<string>;
  where: { to: string; label: string };
}

export const HELP_TOPICS: ReadonlyArray<HelpTopic> = [
  {
    id: "passkeys",
    title: "Passkeys",
    short:
      "A passkey lets you sign in with your phone's or computer's own lock (your fingerprint, face or PIN) instead of typing a password. It cannot be guessed, reused or phished.",
    more: [
      "When you add a passkey, your device makes a pair of keys for this site alone: it keeps the private one, and we keep only the public one. Signing in with it asks your device to unlock (fingerprint, face or PIN), so a passkey counts as both your password and your second step.",
      "You can add one for each device you use, give each a name you will recognise, and remove any you no longer have. Adding one needs JavaScript, because your browser's own prompt does the work.",
      "Lost the device? Sign in with your password (and your second step, if you use one) and remove its passkey. If it was the only way past your second step, ask the Temple Keepers through the Contact page: an administrator can reset it after confirming it is really you.",
    ],
    where: { to: "/profile#passkeys", label: "Profile → Passkeys" },
  },
  {
    id: "two-factor",
    title: "Two-factor sign-in",
    short:
      "An extra step after your password: a six-digit code from an authenticator app, or one of your passkeys. Someone who learns your password still cannot open your journal.",
    more: [
      "It is off unless you turn it on. With an authenticator app (such as the one built into your phone's password manager, Google Authenticator, Microsoft Authenticator or 2FAS), you scan a picture once; from then on the app shows a new six-digit code every 30 seconds, and we ask for it after your password.",
      "If you have added a passkey, you may choose your passkeys as the second step instead of an app.",
      "You can turn it off again with your password. If you lose your phone, use one of your recovery codes; if you have none left, an administrator can reset it after confirming who you are.",
    ],
    where: { to: "/profile#two-factor", label: "Profile → Two-factor sign-in" },
  },
  {
    id: "recovery-codes",
    title: "Recovery codes",
    short:
      "Ten spare keys for the day you do not have your authenticator app. Each works once, in place of a code. Keep them somewhere safe, away from your phone.",
    more: [
      "You see them once, when you turn two-factor on with an app or renew them. Print them, save the file, or write them down, and keep them apart from your phone: in a drawer at home, or in a password manager.",
      "Each code works one time. When you have two or fewer left we email you; renew them on your profile with your password, and the old ones stop working at once.",
      "If you choose passkeys as your second step, there are no recovery codes: a second device with its own passkey is your way back.",
    ],
    where: { to: "/profile#two-factor", label: "Profile → Two-factor sign-in" },
  },
  {
    id: "check-ins",
    title: "Check-ins",
    short:
      "A moment to notice how you are. The daily check-in on your calendar is one word for how you feel today; after a session with us we also invite you to a few short check-ins. Only you see your answers.",
    more: [
      "The daily check-in is yours alone: choose how you feel today from a short list (you can change it until the day ends). Your calendar marks the days you checked in, and a chart shows how your feelings have moved beside the ones in your journal.",
      "After a session with us we invite you by email to short follow-up check-ins over the following weeks and months. Some ask five questions of the WHO-5 Wellbeing Index, a widely used measure of how you have felt over the last two weeks. Each stays open for two weeks after it is due, then closes, and the next one asks afresh. Your dashboard shows your wellbeing over time.",
      "The Temple Keepers never see your answers. They see only that a check-in is waiting or needs a kind word: when one was not answered, when a score is low, or when your words speak of harm, so that someone can reach out. If you are in danger now, call or text 988 (in the US) or your local emergency number.",
      "You can stop follow-up invitations in your settings (Follow-up check-ins).",
    ],
    where: { to: "/calendar", label: "Session Calendar" },
  },
  {
    id: "circles",
    title: "Integration circles",
    short:
      "Small group gatherings online, led by a Temple Keeper, to share and listen after ceremonies and sessions. Join one from your calendar while places are open.",
    more: [
      "Each circle has a limited number of places. When it is full you can join its waitlist: when someone gives up a place or the keepers add places, the first person who joined the waitlist gets it, and we email you.",
      "We email you a calendar invitation for each circle you join, and a reminder the day before (unless Session reminders is off in your settings). The video link is never in an email: it is on the circle's page, for those with a place.",
      "Only the Temple Keepers see who comes. You can give up your place at any time from the circle's page.",
    ],
    where: { to: "/calendar", label: "Session Calendar → Integration circles" },
  },
  {
    id: "recurring-offerings",
    title: "Recurring offerings",
    short:
      "A gift that repeats every month or every year through PayPal, so you can support the congregation without giving again each time. Change, pause or stop it here whenever you like.",
    more: [
      "You set one up from the Donation page while signed in, and approve it on PayPal's page. PayPal then collects it on its schedule; each collection is a gift with its own receipt and appears in your giving statement.",
      "On your profile you can change the amount, pause, resume or cancel it. Each change is made at PayPal first and confirmed by email. A cancelled offering never collects again.",
      "If a collection fails (an expired card, say), PayPal tries again, and we let you know kindly. Deleting your account cancels your offerings first.",
    ],
    where: { to: "/profile#recurring", label: "Profile → Recurring Offerings" },
  },
  {
    id: "your-data",
    title: "Downloading your data",
    short:
      "One file with everything we hold about you: your profile, medical notes, journal, sessions, check-ins, messages, gifts and more, readable by you and by other software.",
    more: [
      "The file is JSON, a plain text format that any text editor can open and that other software can read. Your journal and medical notes are in it in readable form, so keep the file as carefully as you would the notes themselves.",
      "It holds what belongs to your account: what you made while signed in, and what you linked to it from your confirmed address.",
    ],
    where: { to: "/profile#your-data", label: "Profile → Your Data" },
  },
  {
    id: "delete-account",
    title: "Deleting your account",
    short:
      "Removes your account and what belongs to it, for good: your profile, medical record, journal, sessions, check-ins and sign-in. It cannot be undone.",
    more: [
      "Download your data first if you want to keep a copy. We ask for your password and a tick that you understand it cannot be undone.",
      "Some records we must keep by law stay, without any health information and no longer tied to your account: gifts and bookings (as financial records), and the fact that an access request was decided (without your name or what you wrote). Your recurring offerings are cancelled at PayPal first.",
    ],
    where: { to: "/profile#your-data", label: "Profile → Your Data" },
  },
];

export function helpTopic(id: string): HelpTopic {
  const topic = HELP_TOPICS.find((t) => t.id === id);
  if (!topic) throw new Error(`No help topic "${id}"`);
  return topic;
}
