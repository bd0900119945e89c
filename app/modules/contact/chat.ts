/** The guide chat on the home and invitation pages (the spec's rules and limits). No zod: the rules are a sanitiser. */

/** Its rate limit is RATE_LIMITS.guideChat (modules/rate-limit/rules.ts). */
export const CHAT_LIMITS = { input: 500, stored: 2000, replyDelayMs: 1500 };

/**
 * The spec's chat sanitiser: trimmed; angle brackets, script-protocol text and inline event-handler patterns
 * removed; cut to 2000. The text is rendered as text anyway; this keeps stored and echoed copies clean.
 */
export function sanitiseChatMessage(raw: string): string {
  return raw
    .replace(/[<>]/g, "")
    .replace(/(?:java|vb)script\s*:/gi, "")
    .replace(/data\s*:\s*text\/html/gi, "")
    .replace(/\bon[a-z]+\s*=/gi, "")
    .trim()
    .slice(0, CHAT_LIMITS.stored);
}

export interface GuideReply {
  text: string;
  /** Paths offered under the reply (joining offers two: The Calling and /contact). */
  links?: ReadonlyArray<{ label: string; href: string }>;
}

/** The greeting's action buttons (the spec's chat widget opens with one greeting and these buttons). */
export const GREETING = {
  text: "Welcome, dear seeker. I am a guide of the congregation. How may I support your journey today? You can ask me anything, or choose a path below.",
  actions: [
    { label: "Start your journey", href: "/start" },
    { label: "Contact a guide", href: "/contact" },
    { label: "Read the FAQ", href: "/faq" },
  ],
} as const;
