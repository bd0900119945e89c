import type { Block, Section } from "./types";

export interface ReligiousFreedom {
  intro: ReadonlyArray<Block>;
  sections: ReadonlyArray<Section>;
  legalPoints: ReadonlyArray<{ id: string; title: string; text: string; citation: string }>;
  commitments: ReadonlyArray<{ id: string; title: string; text: string }>;
}

export const religiousFreedom: ReligiousFreedom = {
  intro: [
    {
      type: "p",
      text: [
        "The freedom to seek the divine in the way one's conscience calls is among the oldest and most precious rights. Here is why it matters to us, what the law says, and how we intend to honour it.",
      ],
    },
  ],
  sections: [
    {
      id: "sacred-right",
      heading: "The Sacred Right to Seek the Divine",
      blocks: [
        {
          type: "p",
          text: [
            "Every tradition began with someone who sought the sacred directly. We believe that search belongs to each person, and that sincere spiritual practice deserves protection even when it is unfamiliar to the majority. Religious freedom protects not only popular faiths, but small communities whose practices others may not understand.",
          ],
        },
      ],
    },
    {
      id: "foundation",
      heading: "The Foundation of Religious Freedom",
      blocks: [
        {
          type: "p",
          text: [
            "In the United States, this freedom rests on the Constitution and on federal law. The protections are real, and they are also specific: they require sincerity, they weigh the government's interests, and they are decided case by case. We describe them honestly here, because an exemption is something a congregation must earn, not assume.",
          ],
        },
      ],
    },
    {
      id: "our-commitment",
      heading: "Our Commitment to Sacred Practice",
      blocks: [
        {
          type: "p",
          text: [
            "Our in-person ceremonies are paused while we complete our spiritual and legal preparations, including seeking a religious-freedom exemption. We will not hold them until we are lawfully able to. Whatever the law allows, we hold ourselves to these commitments:",
          ],
        },
      ],
    },
    {
      id: "why-it-matters",
      heading: "Why Religious Freedom Matters",
      blocks: [
        {
          type: "p",
          text: [
            "When the state can decide which forms of worship are acceptable, every minority faith is at risk. Protecting sincere practice, with care for safety and the rights of others, keeps a society open to the many ways people find meaning. We seek that protection not as a loophole, but as a responsibility we intend to carry with integrity.",
          ],
        },
        {
          type: "p",
          text: [
            "If you have questions about our legal path, we are glad to talk. Please ",
            { text: "contact us", href: "/contact" },
            ".",
          ],
        },
      ],
    },
  ],
  legalPoints: [
    {
      id: "first-amendment",
      title: "The First Amendment",
      text: "The Free Exercise Clause forbids Congress from making any law prohibiting the free exercise of religion. It is the constitutional root of religious liberty in the United States.",
      citation: "U.S. Const. amend. I",
    },
    {
      id: "rfra",
      title: "Religious Freedom Restoration Act",
      text: "Passed in 1993, RFRA provides that the federal government may not substantially burden a person's sincere religious exercise unless it shows a compelling interest pursued by the least restrictive means. The Supreme Court later held it applies to the federal government, not the states (City of Boerne v. Flores, 521 U.S. 507 (1997)).",
      citation: "42 U.S.C. § 2000bb et seq.",
    },
    {
      id: "udv",
      title: "A precedent: the UDV case",
      text: "The Supreme Court unanimously held that the government had not shown a compelling interest in barring a small religious community's sacramental use of ayahuasca tea under RFRA. The ruling turned on the specific facts and does not create automatic exemptions.",
      citation: "Gonzales v. O Centro Espírita Beneficente União do Vegetal, 546 U.S. 418 (2006)",
    },
    {
      id: "free-exercise",
      title: "Constitutional free exercise",
      text: "In Employment Division v. Smith, the Court held that neutral, generally applicable laws may burden religious practice without violating the Constitution. Congress answered with RFRA, restoring a stricter test for federal action.",
      citation: "Employment Division v. Smith, 494 U.S. 872 (1990)",
    },
  ],
  commitments: [
    {
      id: "reverent",
      title: "Reverent ceremonies",
      text: "Ceremony is prayerful, purposeful and held in a consecrated setting, with intention set beforehand and gratitude after.",
    },
    {
      id: "safety-ethics",
      title: "Strict safety and ethics guidelines",
      text: "Screening, informed consent, trained guides present throughout, clear boundaries, and a plan for every emergency.",
    },
    {
      id: "community-support",
      title: "Community support",
      text: "Preparation before and integration after, with circles, mentorship and care that continue long beyond a single night.",
    },
    {
      id: "never-recreational",
      title: "Never recreational",
      text: "Sacred medicines are not entertainment. We do not sell, supply or encourage any use outside sincere religious practice.",
    },
  ],
};
