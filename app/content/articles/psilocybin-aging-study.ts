import type { Article } from "../types";
import { griffiths2006, safetyGuidelines2008 } from "./references";

export const article: Article = {
  slug: "psilocybin-aging-study",
  title: "Psilocybin and Aging: What a New Study Found, and What It Does Not Mean",
  description:
    "A 2025 aging study in old mice and human cells reported longer survival and cell lifespan with psilocybin. What it found, and its limits.",
  keywords: ["psilocybin", "ageing", "longevity research", "SIRT1", "npj Aging", "Emory University"],
  category: "doses-science",
  featured: true,
  date: "2025-07-22",
  readTimeMinutes: 8,
  imageAlt:
    "Abstract sacred geometry in violet and gold: nested circles turning around a warm central light, like rings of time",
  lede: [
    {
      type: "p",
      text: [
        "In July 2025 a research team at Emory University published a study in the journal npj Aging that drew wide attention: aged mice given psilocybin lived longer than untreated mice, and human cells exposed to psilocin, the compound psilocybin becomes in the body, divided for longer before they stopped. We want to share what the study reported, carefully and without exaggeration, and to say plainly what it does not tell us.",
      ],
    },
  ],
  sections: [
    {
      id: "introduction",
      heading: "Introduction",
      blocks: [
        {
          type: "p",
          text: [
            "Most modern research on psilocybin has asked questions about the mind: depression, end-of-life distress, addiction, and the mystical-type experiences that people often describe as among the most meaningful of their lives. The Emory study asked a different question. Could psilocybin influence the biology of ageing itself?",
          ],
        },
        {
          type: "p",
          text: [
            "The researchers worked at two levels. In the laboratory they grew human skin cells (fibroblasts) and human lung cells and followed how long they kept dividing with and without psilocin. In animals, they gave psilocybin to very old mice, roughly the human equivalent of people in their sixties, starting at 19 months of age, and followed them for about ten months. The study is early, basic science. It is also a sincere and careful piece of work, and it deserves to be read for what it is.",
          ],
        },
        {
          type: "p",
          text: [
            "As a congregation we read research like this with interest and humility. Our practice is spiritual, not medical, and no single study changes how we hold ceremony. But we believe our community deserves honest summaries of what science is learning, so that nobody is left to the headlines alone.",
          ],
        },
      ],
    },
    {
      id: "what-the-study-found",
      heading: "What the Study Found",
      blocks: [
        {
          type: "p",
          text: [
            "The findings the authors reported fall into two groups: what happened in the mice, and what happened in human cells grown in culture.",
          ],
        },
        {
          type: "list",
          items: [
            [
              "Survival: about 80% of the aged mice treated with psilocybin were still alive at the end of the roughly ten-month treatment period, compared with about 50% of the untreated control mice.",
            ],
            [
              "Appearance of ageing: treated mice showed better fur quality, with more regrowth and less whitening of the coat than controls, signs the authors read as healthier ageing.",
            ],
            [
              "Cell lifespan: human skin and lung cells exposed to psilocin kept dividing for longer before reaching senescence, the state in which ageing cells stop dividing; the authors reported a substantially extended replicative lifespan in culture.",
            ],
            [
              "Molecular signals: treated cells showed raised expression of SIRT1, a protein associated with cellular stress resistance and longevity pathways, along with lower markers of oxidative stress and better-preserved telomere length, as the paper reports.",
            ],
          ],
        },
        {
          type: "p",
          text: [
            "The mice received psilocybin once a month, starting at a low dose and then a higher one. The authors suggest that psilocybin's effects on serotonin receptors, which are found throughout the body and not only in the brain, may reach processes such as oxidative stress and inflammation that shape how cells age. That suggestion is a hypothesis to be tested, not a settled explanation.",
          ],
        },
      ],
    },
    {
      id: "why-this-matters",
      heading: "Why This Matters for Our Spiritual Practice",
      blocks: [
        {
          type: "p",
          text: [
            "Traditions that have worked with sacred plants and mushrooms have long spoken of them as medicines for the whole person: body, mind and spirit together. Modern science usually separates those layers. A study like this one does not prove the older view, but it reminds us that the experiences we hold in ceremony happen in a living body, and that the body is part of the sacred.",
          ],
        },
        {
          type: "p",
          text: [
            "It also invites reflection on how we relate to ageing. Many of the people who come to us are not seeking a longer life so much as a fuller one: to meet their years with less fear, to make peace with the past, and to live their remaining time with presence and love. Whatever laboratory science eventually learns about cells, that work of the heart is ours to do, and it asks for preparation, community and patient integration.",
          ],
        },
        {
          type: "p",
          text: [
            "Finally, careful research strengthens the case that this is a subject worthy of serious attention, and that people who approach it sincerely deserve respect rather than suspicion. That matters to a congregation seeking to practise lawfully under religious-freedom protections.",
          ],
        },
      ],
    },
    {
      id: "important-considerations",
      heading: "Important Considerations",
      blocks: [
        {
          type: "p",
          text: [
            "It would be a disservice to our community to let hopeful findings become a promise. These limits matter as much as the results:",
          ],
        },
        {
          type: "list",
          items: [
            [
              "These are mouse and cell models. Results in mice and in cells grown in a dish often do not carry over to people.",
            ],
            [
              "Human biology is far more complex. People differ in genetics, health, medications and circumstances in ways a laboratory cannot capture.",
            ],
            [
              "Clinical trials are needed. Only carefully designed studies in humans can show whether any of these effects occur in people, at what doses, and with what risks.",
            ],
            [
              "Ageing is multifactorial. No single compound addresses all of the processes, from genes to lifestyle to environment, that shape how we age.",
            ],
          ],
        },
        {
          type: "p",
          text: [
            "Psilocybin also carries real risks. It can provoke intense fear or confusion, it can interact dangerously with some medications, including lithium, and it is not safe for everyone: people with a personal or family history of psychosis or bipolar disorder, or with some heart conditions, face particular risks. It remains a Schedule I controlled substance under US federal law. Nothing in this article is medical advice, and nothing in it is a reason to use psilocybin in the hope of living longer.",
          ],
        },
      ],
    },
    {
      id: "our-commitment",
      heading: "Our Commitment",
      blocks: [
        {
          type: "p",
          text: [
            "We will keep reading the research as it unfolds and sharing it honestly, with its limits in plain view. We will not use scientific findings to sell anything, and we will never present early results as proven benefits.",
          ],
        },
        {
          type: "p",
          text: [
            "Our ceremonies are paused while we complete our spiritual and legal preparations. When they resume, every participant will go through screening with a Temple Keeper, preparation and integration support, and anyone for whom the experience is not safe will be told so kindly and clearly. If you have questions about this study or about our practice, please ",
            { text: "write to us", href: "/contact" },
            ", or read ",
            { text: "our answers to common questions", href: "/faq" },
            ".",
          ],
        },
      ],
    },
  ],
  references: [
    {
      authors: "Kato, K., Kleinhenz, J. M., Shin, Y.-J., Coarfa, C., Zarrabi, A. J., & Hecker, L.",
      year: 2025,
      title: "Psilocybin treatment extends cellular lifespan and improves survival of aged mice",
      source: "npj Aging, 11, article 55",
      url: "https://doi.org/10.1038/s41514-025-00244-x",
    },
    griffiths2006,
    {
      authors: "López-Otín, C., Blasco, M. A., Partridge, L., Serrano, M., & Kroemer, G.",
      year: 2023,
      title: "Hallmarks of aging: An expanding universe",
      source: "Cell, 186(2), 243-278",
      url: "https://doi.org/10.1016/j.cell.2022.11.001",
    },
    safetyGuidelines2008,
  ],
  related: ["exploring-profound-spiritual-experiences", "evolution-of-spiritual-exploration"],
};
