import type { FaqEntry } from "./types";

/** SPEC.md: eight questions; answers link to /contact, /start and the four member-area aliases. */
export const faq: ReadonlyArray<FaqEntry> = [
  {
    id: "who-we-are",
    question: "What is the Sacred Path Congregation?",
    answer: [
      {
        type: "p",
        text: [
          "We are a small non-profit religious congregation. We gather people who feel called to seek the sacred with reverence, and we offer guided ceremony, careful preparation and lasting integration support, held by trained Temple Keepers. Membership is free and there is no test of belief. To learn what we believe, read ",
          { text: "The Calling", href: "/the-invitation" },
          ".",
        ],
      },
    ],
  },
  {
    id: "who-can-join",
    question: "Who can take part in ceremonies?",
    answer: [
      {
        type: "p",
        text: [
          "Participants must be 21 or older and complete an intake conversation with a Temple Keeper before any ceremony. We may decline participation when we believe the path is not safe or right for someone at this time, and we explain why with care. If you feel called, the first step is to ",
          { text: "start your journey", href: "/start" },
          ".",
        ],
      },
    ],
  },
  {
    id: "ceremonies-paused",
    question: "Why are ceremonies paused?",
    answer: [
      {
        type: "p",
        text: [
          "Our in-person ceremonies are paused while we complete our spiritual and legal preparations, including seeking a religious-freedom exemption. We will not hold ceremonies until we can do so lawfully and safely. Preparation and integration support continue in the meantime. Read more on our ",
          { text: "religious freedom", href: "/religious-freedom" },
          " page, and join our newsletter to hear when this changes.",
        ],
      },
    ],
  },
  {
    id: "how-to-prepare",
    question: "How do I prepare?",
    answer: [
      {
        type: "p",
        text: [
          "Preparation begins with intention and honesty. Members can book a 45-minute online preparation session with a guide through the ",
          { text: "session calendar", href: "/session-calendar" },
          ", work through the preparation guide and checklist, and build a steady practice with our ",
          { text: "guided meditations", href: "/guided-meditations" },
          ". Simple habits matter too: rest, a lighter diet, and clearing time before and after.",
        ],
      },
    ],
  },
  {
    id: "integration",
    question: "What support is there after a ceremony?",
    answer: [
      {
        type: "p",
        text: [
          "Integration is where insight becomes change. Members keep private journals, record ",
          { text: "integration sessions", href: "/integration-sessions" },
          ", join integration circles, and can share reflections with their facilitator. Our ",
          { text: "sacred resources", href: "/sacred-resources" },
          " gather reading, tools and teachings. If difficult feelings persist, we will help you find a licensed mental-health professional.",
        ],
      },
    ],
  },
  {
    id: "safety",
    question: "Is it safe for me?",
    answer: [
      {
        type: "p",
        text: [
          "Not for everyone. Certain medications, such as lithium, MAOIs, SSRIs and SNRIs, a personal or family history of psychosis or bipolar disorder, some heart conditions and pregnancy can make the experience dangerous. Screening is a conversation with a Temple Keeper, never something to decide alone, and nothing on this site is medical advice. Please ",
          { text: "contact us", href: "/contact" },
          " with any question about your health before taking any step.",
        ],
      },
    ],
  },
  {
    id: "donations",
    question: "What does it cost?",
    answer: [
      {
        type: "p",
        text: [
          "Donations are required to access services and sustain our work. A preparation session is $600 and the four-week Subtle Path mentorship is $900. The Divine Journey ceremony is offered on a sliding scale from $6,800, and is currently paused. If cost stands between you and this path, write to us: we keep some support for seekers with fewer means.",
        ],
      },
    ],
  },
  {
    id: "privacy",
    question: "How do you protect my privacy?",
    answer: [
      {
        type: "p",
        text: [
          "Your medical notes, journals, integration sessions and conversations are encrypted and private by default. Staff can read your medical notes only if you choose to share them, and every such reading is logged and shown to you. Card numbers never reach our servers. You can download or delete your data at any time. See our ",
          { text: "terms and privacy policy", href: "/terms-and-privacy" },
          ".",
        ],
      },
    ],
  },
];
