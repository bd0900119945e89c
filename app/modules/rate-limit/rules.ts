/**
 * Every rate limit of the site, one named rule per action: how many hits per window, and why.
 * `name` is the bucket's key prefix in rate_limits, so changing one restarts its counts.
 * `hit` (rate-limit.server.ts) counts against a rule; callers name the rule from here.
 */
export interface RateLimitRule {
  /** Names the bucket, e.g. "contact". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * A budget per typed email address (address-budget.server.ts): `own` counts one address from one
 * client address, so a stranger elsewhere cannot spend it for the address's owner; `ceiling` counts
 * the address from everywhere, higher, so no one inbox is flooded from many client addresses.
 */
export interface AddressBudget {
  own: RateLimitRule;
  ceiling: RateLimitRule;
}

const MINUTE = 60;
const MINUTES_15 = 900;
const HOUR = 3600;
const DAY = 86_400;

export const RATE_LIMITS = {
  /** Password guesses, any account, from one address (guessing.server.ts; docs/decisions/007). */
  signInIp: { name: "sign-in-ip", limit: 30, windowSeconds: MINUTES_15 },
  /** One account, from one address. */
  signInPair: { name: "sign-in-pair", limit: 5, windowSeconds: MINUTES_15 },
  /** One account, from everywhere (NIST SP 800-63B 5.2.2: at most 100 consecutive failures). */
  signInAccount: { name: "sign-in-account", limit: 100, windowSeconds: HOUR },
  /** One account, from a browser it signed in from before: instead of the account's ceiling (decision 007). */
  signInKnownDevice: { name: "sign-in-known-device", limit: 10, windowSeconds: MINUTES_15 },
  /** A signed-in member's current password (email change, password change, account deletion). */
  currentPassword: { name: "current-password", limit: 5, windowSeconds: MINUTES_15 },
  /*
   * Second factors (docs/decisions/007, issue 45): only failures count (each attempt is counted before
   * it runs, so parallel ones cannot all slip under, and refunded when it passes), per account, never
   * only per client address: a congregation behind one router signs in together, and nobody's right
   * code or passkey spends anyone's budget. The step always knows its account (the pending sign-in's
   * cookie, or the session), except a passkey sign-in, bounded per address only by a high ceiling.
   */
  /**
   * Second-factor failures for one account from everywhere: a wrong code, a passkey that did not
   * prove it. Six digits must not be guessable: about 3 in a million codes are right at any moment.
   */
  twoFactorAccount: { name: "two-factor-account", limit: 10, windowSeconds: MINUTES_15 },
  /** And at most 100 a day (NIST SP 800-63B 5.2.2): a guesser with the password has about 1 in 3,300 a day. */
  twoFactorAccountDay: { name: "two-factor-account-day", limit: 100, windowSeconds: DAY },
  /**
   * The same from a browser that passed this account's second factor before (accounts/known-device):
   * instead of the account's budget, so a stranger with the password locks out only unknown browsers.
   */
  twoFactorKnownDevice: { name: "two-factor-known-device", limit: 10, windowSeconds: MINUTES_15 },
  /**
   * Passkey ceremonies begun for one account (making a passkey, the second step, a step-up): each
   * stores a challenge for five minutes (passkeys/ceremonies.server.ts); one that ends well is refunded.
   */
  passkeyOptionsAccount: { name: "passkey-options-account", limit: 30, windowSeconds: MINUTES_15 },
  /**
   * Passkey sign-ins begun from one address, no account named yet: a ceiling against floods of stored
   * challenges (at most 200 or so alive from one address), far above a congregation's use (a sign-in
   * page with passkey autofill begins one each time it opens); one that signs in is refunded.
   */
  passkeyOptions: { name: "passkey-options", limit: 600, windowSeconds: MINUTES_15 },
  /**
   * Passkey sign-ins that failed from one address (a signature cannot be guessed, but each costs a
   * check): a ceiling against floods, which a congregation's passkeys never come near.
   */
  passkeyUse: { name: "passkey-use-failures", limit: 100, windowSeconds: MINUTES_15 },
  /** Reset links asked from one address. */
  resetIp: { name: "reset-ip", limit: 5, windowSeconds: HOUR },
  /** Reset links to one address from one client address: answered as usual beyond it, but nothing more is sent. */
  resetEmail: { name: "reset-email-ip", limit: 3, windowSeconds: HOUR },
  /** Reset links to one address from everywhere (no mailbombing); beyond it the form says a link is already there. */
  resetEmailCeiling: { name: "reset-email", limit: 10, windowSeconds: HOUR },
  /** Email-change confirmations: each mails a stranger's inbox, so bounded per account. */
  emailChangeSend: { name: "email-change-send", limit: 5, windowSeconds: HOUR },
  /** Contact messages from one address: each reaches the keepers' inbox. */
  contact: { name: "contact", limit: 5, windowSeconds: HOUR },
  /** Access requests from one address: each reaches the keepers. */
  accessRequest: { name: "access-request", limit: 3, windowSeconds: HOUR },
  /** Ceremony applications from one address: each is read by a keeper. */
  application: { name: "application", limit: 5, windowSeconds: HOUR },
  /** Readiness-quiz submissions from one address. */
  quizIp: { name: "quiz:ip", limit: 10, windowSeconds: HOUR },
  /** Quiz answers for one address (hashed: no addresses in the limits table) from one client address. */
  quizEmail: { name: "quiz:email-ip", limit: 3, windowSeconds: HOUR },
  /** Quiz answers for one address from everywhere: each mails the address its recommendation. */
  quizEmailCeiling: { name: "quiz:email", limit: 10, windowSeconds: HOUR },
  /** Newsletter sign-ups from one address. */
  newsletterIp: { name: "newsletter:ip", limit: 10, windowSeconds: HOUR },
  /** Sign-ups for one address (hashed) from one client address. */
  newsletterEmail: { name: "newsletter:email-ip", limit: 3, windowSeconds: DAY },
  /** Sign-ups for one address from everywhere, so nobody can flood one inbox with confirmation emails. */
  newsletterEmailCeiling: { name: "newsletter:email", limit: 10, windowSeconds: DAY },
  /** Payments started from one address, offerings and ceremony donations alike (giving/give.server.ts). */
  payment: { name: "payment:ip", limit: 10, windowSeconds: HOUR },
  /**
   * Posts to the payment webhook from one address, counted before the provider is asked to verify
   * them: each verification is a call to PayPal, which nobody may make us place without limit.
   * PayPal sends one delivery per event and retries a failed one up to 25 times over three days, so
   * 60 a minute from one of its addresses leaves a busy day's gifts, bookings and refunds far below it.
   */
  paymentWebhook: { name: "payment-webhook:ip", limit: 60, windowSeconds: MINUTE },
  /** Session bookings from one address: each holds a slot and may start a payment. */
  booking: { name: "booking:ip", limit: 10, windowSeconds: HOUR },
  /** The spec's rate limit for the guide chat: 5 messages per 15 minutes (shared key). */
  guideChat: { name: "guide-chat", limit: 5, windowSeconds: MINUTES_15 },
  /**
   * A member's words to the keepers, per account: new shares and messages in conversations alike.
   * Each may email a keeper and each is read by one; 20 in 15 minutes leaves any conversation room
   * (a long talk is a message a minute) and stops a flood (issue 45).
   */
  conversation: { name: "conversation:member", limit: 20, windowSeconds: MINUTES_15 },
  /** A keeper's messages in conversations, per account: higher, since one keeper answers many members. */
  conversationKeeper: { name: "conversation:keeper", limit: 60, windowSeconds: MINUTES_15 },
  /** Spirit Companion messages per member. */
  companion: { name: "companion", limit: 60, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** The per-address budgets, each a stranger cannot spend for the address's owner (docs/decisions/007). */
export const ADDRESS_BUDGETS = {
  reset: { own: RATE_LIMITS.resetEmail, ceiling: RATE_LIMITS.resetEmailCeiling },
  quiz: { own: RATE_LIMITS.quizEmail, ceiling: RATE_LIMITS.quizEmailCeiling },
  newsletter: { own: RATE_LIMITS.newsletterEmail, ceiling: RATE_LIMITS.newsletterEmailCeiling },
} as const satisfies Record<string, AddressBudget>;
