import { CEREMONIES_PAUSED } from "./ceremonies-paused";
/**
 * "Start your journey" (the spec's page and offers): the ceremonial flow, the archetypes and the three journey offers.
 * Prices, durations and slots are the spec's; the booking issue reads the same offers.
 */

export type OfferId = "preparation" | "microdose" | "heroic";

export interface JourneyOffer {
  id: OfferId;
  title: string;
  subtitle: string;
  duration: string;
  purpose: string;
  includes: ReadonlyArray<string>;
  donation: string;
  location: string;
  description: string;
  /** Shown plainly beside the offer: who it is for, what must come first, what is paused. */
  warning: string;
  action: string;
  /** Slot times in America/New_York (DESIGN.md "Time"); empty for the in-person ceremony. */
  slots: ReadonlyArray<string>;
  /** What a bookable session costs, in whole dollars, and how long it lasts; absent for the ceremony. */
  booking?: { priceUsd: number; minutes: number; needsApproval: boolean };
}

export const ceremonialFlow = [
  {
    title: "Spiritual Intake",
    text: "You tell us who you are, what calls you and what you carry: your health, your medications, your hopes. A Temple Keeper reads every word and screens for anything that would make a ceremony unsafe for you.",
  },
  {
    title: "Preparation Call",
    text: "A 45-minute conversation with a guide about intention, fears, practical arrangements and the days before. You leave with a preparation plan and the member guide and checklist.",
  },
  {
    title: "Divine Journey (6-8 hours)",
    text: "A held ceremony in a quiet, safe room with experienced guides present from beginning to end: music, silence, blankets, water, and someone beside you whenever you need them.",
  },
  {
    title: "Reentry and Recovery",
    text: "The gentle hours after: food, rest, a short sharing if you wish, and no driving or decisions. We make sure you are grounded and accompanied before you go home.",
  },
  {
    title: "Integration",
    text: "In the weeks that follow, integration sessions, your journal and the Spirit Companion help you turn insight into a changed life, one small practice at a time.",
  },
] as const;

export const archetypes = [
  {
    title: "The Seeker",
    text: "You feel pulled toward something larger and want to meet it with reverence rather than curiosity alone.",
  },
  {
    title: "The Artist",
    text: "You long for renewal of vision and voice, and for a wider well to draw your work from.",
  },
  {
    title: "The Wounded",
    text: "You carry grief, fear or old pain and hope for a gentler relationship with it, alongside the care of your own clinicians.",
  },
  {
    title: "The Reborn",
    text: "You have journeyed before and want to deepen and integrate what you were shown, in community.",
  },
] as const;

export const journeyOffers: ReadonlyArray<JourneyOffer> = [
  {
    id: "preparation",
    title: "Preparation Session",
    subtitle: "Online, one-to-one with a guide",
    duration: "45-minute Zoom session",
    purpose: "Clarify your intention, ask every question, and learn whether and how to continue.",
    includes: [
      "A private conversation with an experienced guide",
      "Review of your readiness, health questions and support at home",
      "A written preparation plan after the call",
      "Access to the member preparation guide and checklist",
    ],
    donation: "$600",
    location: "Online (Zoom)",
    description:
      "The first step for everyone. Whether you are drawn to mentorship or to a full ceremony, we begin by listening. Sessions run at 10:00 AM, 2:00 PM, 6:00 PM and 8:00 PM New York time; you see them in your own time zone when you book.",
    warning:
      "A preparation session is guidance and conversation, not medical or psychological treatment. No substance is offered, sold or supplied.",
    action: "Book Preparation Session",
    slots: ["10:00", "14:00", "18:00", "20:00"],
    booking: { priceUsd: 600, minutes: 45, needsApproval: false },
  },
  {
    id: "microdose",
    title: "The Subtle Path Mentorship",
    subtitle: "Four weeks, weekly one-to-one check-ins",
    duration: "4 weeks",
    purpose: "Steady companionship while you build a contemplative practice and notice what changes.",
    includes: [
      "Four weekly one-to-one check-ins with the same mentor",
      "A practice plan: meditation, journaling and integration prompts",
      "Messages with your mentor between sessions",
      "A closing session to gather what you learned",
    ],
    donation: "$900",
    location: "Online (Zoom)",
    description:
      "For seekers who want to walk slowly, with a mentor beside them for a month. Check-ins run at 9:00 AM, 11:00 AM, 2:00 PM, 4:00 PM and 7:00 PM New York time.",
    warning:
      "By approval only: the Subtle Path needs a prior Preparation Session or an approved intake. Mentorship is spiritual companionship; we do not sell or supply any substance.",
    action: "Request Mentorship",
    slots: ["09:00", "11:00", "14:00", "16:00", "19:00"],
    booking: { priceUsd: 900, minutes: 45, needsApproval: true },
  },
  {
    id: "heroic",
    title: "Divine Journey Ceremony",
    subtitle: "In person, held by experienced guides",
    duration: "6-8 hours plus integration",
    purpose: "A full guided ceremony with intake, preparation, reentry and integration support.",
    includes: [
      "Medical and spiritual intake reviewed by a Temple Keeper",
      "Preparation call and a personal preparation plan",
      "The ceremony itself, with guides present throughout",
      "Reentry care and integration sessions afterwards",
    ],
    donation: "Sliding scale from $6,800+",
    location: "In person",
    description:
      "The heart of our practice, offered only after careful screening. Applicants must be 21 or older. Every application is read by a Temple Keeper within 48 hours.",
    warning: CEREMONIES_PAUSED,
    action: "Apply for the Divine Journey",
    slots: [],
  },
];

export const journeyAgreement = {
  label: "I have read and agree to the sacred agreement",
  text: "I understand that these offerings are spiritual practice, not medical or psychological treatment; that I must be 21 or older; that I will answer the intake honestly, including about my health and medications; that a Temple Keeper may decline or postpone my participation for my safety; and that I accept the Terms of Use and Privacy Policy.",
} as const;

export const journeyDisclaimer =
  "The congregation offers spiritual guidance within a religious community. Nothing on this site is medical advice, diagnosis or treatment. Psilocybin remains a controlled substance under United States federal law, and in-person ceremonies are paused until our religious-freedom exemption is settled. If you live with a heart condition, take lithium, MAOIs or antidepressants, are pregnant, or have a personal or family history of psychosis or bipolar disorder, please speak with your clinician and tell us before you apply. If you are in crisis, call or text 988 in the United States, or your local emergency number.";

export const AGREEMENT_REQUIRED = "Please read and agree to the sacred agreement first.";

export function offerById(id: string): JourneyOffer | undefined {
  return journeyOffers.find((o) => o.id === id);
}

/** An offer's one name, as its page says it; the booking pages, mails, calendar files and console say the same. */
export const offerTitle = (id: OfferId) => offerById(id)?.title ?? id;

export const journeyIntro = {
  hero: {
    eyebrow: "Start Your Journey",
    title: "Begin Your Sacred Journey",
    text: "Every journey with us begins with listening. Read how a ceremony is held, see which path fits where you are, and take the first step only when you are ready.",
  },
  sacredSpace: {
    title: "A Sacred Space",
    paragraphs: [
      "Our ceremonies are held in a quiet, private room prepared like a chapel: soft light, cushions and blankets, water, an altar with flowers and candles, and music chosen for each movement of the day. Phones are set aside; nothing is recorded.",
      "The space is held by at least two trained guides who stay sober and present throughout. Their only task is your safety and your freedom to go inward.",
    ],
  },
  guidedCeremony: {
    title: "A Guided Ceremony",
    paragraphs: [
      "A ceremony is not an event you consume but a practice you enter. You arrive prepared, with an intention you have spent weeks refining; you are accompanied through the hours of the journey; and you are supported afterwards while the meaning settles into ordinary life.",
      "We follow the safety practices described in the research literature: careful screening, preparation, a supportive setting, and integration. We never hurry anyone, and no one journeys alone.",
    ],
  },
  quizCard: {
    title: "Take the Readiness Quiz",
    text: "Seven short questions about what draws you, where you are now and what support would help. You will see a gentle recommendation at the end, and we email you a copy.",
    action: "Take the Readiness Quiz",
  },
} as const;

/** What the booking dialog needs to know of a bookable session. */
export interface BookableOffer {
  id: "preparation" | "microdose";
  title: string;
  priceUsd: number;
  needsApproval: boolean;
}

export function bookableOfferView(id: string): BookableOffer | null {
  const offer = offerById(id);
  if (!offer?.booking || (offer.id !== "preparation" && offer.id !== "microdose")) return null;
  return {
    id: offer.id,
    title: offer.title,
    priceUsd: offer.booking.priceUsd,
    needsApproval: offer.booking.needsApproval,
  };
}
