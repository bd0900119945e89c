import type { Block, Section } from "./types";

export interface Invitation {
  intro: ReadonlyArray<Block>;
  whyWeGather: Section;
  tenets: ReadonlyArray<{ id: string; title: string; text: string }>;
  whoWeAre: Section;
  howToJoin: Section;
}

/** The Calling (/the-invitation): SPEC.md's four sections and six tenets. */
export const invitation: Invitation = {
  intro: [
    {
      type: "p",
      text: [
        "If you have felt a quiet pull towards something deeper, a longing to understand, to heal, or to belong, you are not alone. This is our invitation.",
      ],
    },
  ],
  whyWeGather: {
    id: "why-we-gather",
    heading: "Why We Gather",
    blocks: [
      {
        type: "p",
        text: [
          "We gather because the deepest questions are too large to carry alone. Who are we beneath our roles and worries? What heals a wounded heart? How do we live with love in a world that often forgets it? People have asked these questions in temples, forests and around fires for as long as there have been people.",
        ],
      },
      {
        type: "p",
        text: [
          "We come together to seek the sacred directly, through prayer, meditation, ceremony and community, and to support one another in living what we find. We gather to be honest, to be gentle, and to keep each other safe on paths that can be both beautiful and demanding.",
        ],
      },
    ],
  },
  tenets: [
    {
      id: "sacred-within",
      title: "The sacred is within reach",
      text: "Every person can meet the divine directly. No institution owns that meeting, and no one needs permission to seek it.",
    },
    {
      id: "reverence",
      title: "Reverence before all",
      text: "Sacred medicines, traditions and experiences are approached with humility and respect, never as entertainment.",
    },
    {
      id: "safety-is-love",
      title: "Safety is a form of love",
      text: 'Careful screening, preparation and guidance are how we care for one another. Saying "not now" can be the kindest answer.',
    },
    {
      id: "integration",
      title: "Insight must be lived",
      text: "A vision matters only as much as it changes how we treat ourselves, each other and the earth.",
    },
    {
      id: "community",
      title: "No one walks alone",
      text: "We hold each other through joy and difficulty, keep one another's confidences, and share what we learn.",
    },
    {
      id: "gratitude",
      title: "Gratitude and reciprocity",
      text: "We honour the Indigenous traditions and teachers we learn from, and give back rather than only take.",
    },
  ],
  whoWeAre: {
    id: "who-we-are",
    heading: "Who We Are",
    blocks: [
      {
        type: "p",
        text: [
          "We are a small non-profit congregation of seekers, caregivers and guides. Our Temple Keepers vet requests, prepare people for ceremony, sit with them throughout, and walk alongside them in integration afterwards. Some of us came to this path through grief, some through illness, some through simple wonder.",
        ],
      },
      {
        type: "p",
        text: [
          "We are not a clinic and do not offer medical treatment. Our in-person ceremonies are paused while we complete our spiritual and legal preparations, including a religious-freedom exemption, and we will not hold them until we can do so lawfully and safely.",
        ],
      },
    ],
  },
  howToJoin: {
    id: "how-to-join",
    heading: "How to Join",
    blocks: [
      {
        type: "p",
        text: [
          "Membership is free, and there is no test: no creed to recite and no exam to pass. If our beliefs speak to you, write to us and tell us a little about yourself and what draws you here. A Temple Keeper will answer personally.",
        ],
      },
      {
        type: "p",
        text: [
          "Taking part in a ceremony is a separate step. It requires being 21 or older, an intake conversation, and preparation with a guide. To learn more first, read ",
          { text: "our answers to common questions", href: "/faq" },
          ".",
        ],
      },
    ],
  },
};
