import { CRISIS_REPLY, speaksOfCrisis } from "../care/crisis";
import type { GuideReply } from "./chat";

/**
 * The guide's scripted replies (the spec's keyword groups for the guide chat), answered on the server. Order
 * matters: someone in danger is given crisis lines first (modules/care/crisis.ts); then a
 * frightened person is reassured; then joining (membership is free, SPEC.md "The Calling", so it
 * must never meet the $600 session), booking, the FAQ, questions for a human guide, thanks;
 * otherwise the offer of a human guide.
 */
interface Group {
  words: ReadonlyArray<string>;
  /** Words that send the message on to a later group even when one of `words` is present. */
  unless?: ReadonlyArray<string>;
  reply: GuideReply;
}

const GROUPS: ReadonlyArray<Group> = [
  {
    words: ["afraid", "scared", "nervous", "fear", "anxious", "anxiety", "worried", "worry", "terrified", "panic"],
    reply: {
      text: "It is natural to feel some fear before something this meaningful; many seekers do. Nothing happens without careful preparation, you can ask every question first, and experienced guides stay beside you the whole time. You can also stop at any point before a ceremony. Would you like to talk it through with a person?",
      links: [{ label: "Talk with a guide", href: "/contact" }],
    },
  },
  {
    // Checked before booking: "sign up" and "join" are about belonging, not a paid session.
    words: [
      "join",
      "joining",
      "membership",
      "become a member",
      "becoming a member",
      "sign up",
      "signup",
      "enroll",
      "enrol",
      "belong",
    ],
    // "What does membership cost?" stays here (it is free); a session named is a booking question.
    unless: ["session", "sessions", "book", "booking", "appointment", "schedule"],
    reply: {
      text: "Membership of the church is free, with no test. The Calling explains what we believe and how to join; then write to us and a Temple Keeper will welcome you.",
      links: [
        { label: "Read The Calling", href: "/the-invitation#how-to-join" },
        { label: "Write to us to join", href: "/contact" },
      ],
    },
  },
  {
    words: ["ready", "readiness", "book", "booking", "schedule", "appointment", "session", "price", "cost", "costs"],
    reply: {
      text: "The first step for everyone is a Preparation Session: 45 minutes on Zoom with a guide, a $600 donation, at 10:00 AM, 2:00 PM, 6:00 PM or 8:00 PM New York time. You can also take the readiness quiz first.",
      links: [{ label: "See the Preparation Session", href: "/start-your-journey#offer-preparation" }],
    },
  },
  {
    words: ["faq", "frequently asked", "common questions"],
    reply: {
      text: "Our FAQ answers the questions seekers ask most: safety, preparation, what a ceremony is like, and membership.",
      links: [{ label: "Read the FAQ", href: "/faq" }],
    },
  },
  {
    words: ["what", "how", "when", "preparation", "prepare", "ceremony", "process", "why", "where", "who"],
    reply: {
      text: "That is a good question for one of our human guides, who can answer it properly for your situation. Write to us and a Temple Keeper replies within about 48 hours.",
      links: [{ label: "Ask a guide", href: "/contact" }],
    },
  },
  {
    words: ["thank", "thanks", "grateful", "gratitude", "appreciate"],
    reply: { text: "You are most welcome. May your path be gentle and clear. I am here if anything else comes up." },
  },
];

const DEFAULT_REPLY: GuideReply = {
  text: "Thank you for sharing that. A human guide can answer you more fully than I can; write to us and a Temple Keeper will reply within about 48 hours.",
  links: [{ label: "Contact a guide", href: "/contact" }],
};

export function guideReply(message: string): GuideReply {
  // Before anything else: someone in danger is told where to find a person now.
  if (speaksOfCrisis(message))
    return { text: CRISIS_REPLY, links: [{ label: "Write to a Temple Keeper", href: "/contact" }] };
  const text = message.toLowerCase();
  const words = new Set(text.split(/[^\p{L}']+/u));
  const matches = (w: string) => (w.includes(" ") ? text.includes(w) : words.has(w));
  const fits = (group: Group) => group.words.some(matches) && !group.unless?.some(matches);
  return GROUPS.find(fits)?.reply ?? DEFAULT_REPLY;
}
