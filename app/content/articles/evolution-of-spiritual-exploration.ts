import type { Article } from "../types";
import { griffiths2006 } from "./references";

export const article: Article = {
  slug: "evolution-of-spiritual-exploration",
  title: "The Evolution of Spiritual Exploration",
  description:
    "From ancient rites to the Good Friday experiment, prohibition and today's research renaissance: a history, and the spectrum of sacred doses.",
  keywords: [
    "history of psychedelics",
    "Good Friday experiment",
    "Walter Pahnke",
    "research renaissance",
    "sacred doses",
  ],
  category: "microdosing-heroic",
  featured: false,
  date: "2024-11-15",
  readTimeMinutes: 10,
  imageAlt:
    "Abstract sacred geometry in violet and gold: many rings of circles expanding outwards, like ripples through time",
  lede: [
    {
      type: "p",
      text: [
        "People have always sought ways to meet the sacred directly. The story of how that search met modern science, was cut short, and is now being taken up again carefully is worth knowing for anyone who feels called to this path. You can listen to a short reading of this reflection above.",
      ],
    },
  ],
  sections: [
    {
      id: "ancient-roots",
      heading: "Ancient Roots",
      blocks: [
        {
          type: "p",
          text: [
            'Many cultures developed practices for entering non-ordinary states: fasting and vigil, drumming and dance, breath, solitude, and in some places sacred plants and fungi. In Mesoamerica, stone figures shaped like mushrooms and Spanish colonial accounts from the sixteenth century both point to ceremonial mushroom use long before the modern era. The Spanish friars called the mushrooms teonanácatl, often translated as "flesh of the gods", and sought to suppress their use.',
          ],
        },
        {
          type: "p",
          text: [
            "In some communities the practice survived quietly for centuries, as it did among the Mazatec people of Oaxaca, whose healers kept the all-night velada alive. We tell part of that story in ",
            { text: "Honoring the Sacred Traditions", href: "/magic/honoring-sacred-traditions" },
            ".",
          ],
        },
      ],
    },
    {
      id: "mid-century-research",
      heading: "The First Wave of Research",
      blocks: [
        {
          type: "p",
          text: [
            "After 1957, when the Mazatec practice became known outside Mexico, the Swiss chemist Albert Hofmann identified psilocybin and psilocin as the active compounds of the mushrooms and synthesised them. Through the late 1950s and early 1960s, researchers studied these substances in psychiatry, in creativity and, most remarkably for our purposes, in religious experience.",
          ],
        },
        {
          type: "p",
          text: [
            "On Good Friday 1962, Walter Pahnke, a physician and graduate student in religion at Harvard, conducted what became known as the Good Friday Experiment. Twenty divinity students attended a service in Marsh Chapel at Boston University; half received psilocybin and half an active placebo. Most of those who received psilocybin reported experiences meeting Pahnke's criteria for mysticism, while few in the control group did.",
          ],
        },
        {
          type: "p",
          text: [
            "Nearly thirty years later, Rick Doblin tracked down most of the original participants. Published in 1991, his follow-up found that those who had received psilocybin still described the experience as among the high points of their spiritual lives. It also revealed something the original report had played down: at least one participant had been so distressed that he was given a tranquilliser. Both findings matter. Profound experiences can be lastingly meaningful, and they can be overwhelming without enough preparation and care.",
          ],
        },
      ],
    },
    {
      id: "prohibition",
      heading: "Prohibition and Silence",
      blocks: [
        {
          type: "p",
          text: [
            "By the mid-1960s, psychedelics had moved from laboratories into a turbulent counterculture. Public alarm, some well founded and much exaggerated, led to strict controls. In the United States the Controlled Substances Act of 1970 placed psilocybin in Schedule I, the most restrictive category, and the 1971 United Nations Convention on Psychotropic Substances did the same internationally. Research almost stopped for a generation.",
          ],
        },
        {
          type: "p",
          text: [
            "The silence had costs: questions left unanswered, and a loss of the careful frameworks of preparation and integration that researchers and traditional healers had both understood. Use continued outside any container of care, and with it avoidable harm.",
          ],
        },
      ],
    },
    {
      id: "renaissance",
      heading: "The Research Renaissance",
      blocks: [
        {
          type: "p",
          text: [
            "From the late 1990s, researchers began, cautiously, to study psilocybin again. In 2006 a team at Johns Hopkins published a rigorous study showing that psilocybin could occasion mystical-type experiences that volunteers rated as among the most meaningful of their lives. Trials followed at New York University, Imperial College London and elsewhere, for anxiety in serious illness, for depression, and for addiction.",
          ],
        },
        {
          type: "p",
          text: [
            "What distinguishes this second wave is its emphasis on safety: careful screening, thorough preparation, trained guides present throughout, and structured integration. These are the same elements that wise traditions have always held, now described in the language of clinical guidelines.",
          ],
        },
      ],
    },
    {
      id: "spectrum-of-doses",
      heading: "The Spectrum of Sacred Doses",
      blocks: [
        {
          type: "p",
          text: [
            'People speak of a spectrum of experience, from very small amounts taken with the intention of subtle effects, sometimes called microdosing, to full ceremonial doses and what some writers have called "heroic" doses, in which ordinary awareness gives way almost entirely. We describe this spectrum to inform, not to instruct. We do not give dosing guidance, and nothing here should be taken as advice to use any substance.',
          ],
        },
        {
          type: "p",
          text: [
            "What research and tradition agree on is that intensity raises the stakes. The stronger the experience, the more important screening, preparation, a safe setting, experienced guides and integration become. Larger experiences are not better experiences; the right path for a person is the one that is safe for them and serves their intention. For some people, because of their health, medications or personal and family history, no part of this spectrum is safe, and the wise answer is to choose another practice.",
          ],
        },
        {
          type: "p",
          text: [
            "Research on microdosing is young, and several careful placebo-controlled studies have found that expectation explains much of what people report. We encourage humility about all of these claims.",
          ],
        },
      ],
    },
    {
      id: "our-place",
      heading: "Our Place in the Story",
      blocks: [
        {
          type: "p",
          text: [
            "Our congregation stands in the long human search for the sacred, and in debt to the traditions and researchers who came before us. Our ceremonies are paused while we complete our spiritual and legal preparations, including a religious-freedom exemption. Preparation and integration support continue. You can learn why this matters on our ",
            { text: "religious freedom", href: "/religious-freedom" },
            " page.",
          ],
        },
      ],
    },
  ],
  references: [
    {
      authors: "Pahnke, W. N.",
      year: 1963,
      title:
        "Drugs and Mysticism: An Analysis of the Relationship between Psychedelic Drugs and the Mystical Consciousness",
      source: "Doctoral dissertation, Harvard University",
    },
    {
      authors: "Doblin, R.",
      year: 1991,
      title: 'Pahnke\'s "Good Friday Experiment": A long-term follow-up and methodological critique',
      source: "Journal of Transpersonal Psychology, 23(1), 1-28",
    },
    {
      authors: "Hofmann, A., Heim, R., Brack, A., & Kobel, H.",
      year: 1958,
      title: "Psilocybin, ein psychotroper Wirkstoff aus dem mexikanischen Rauschpilz Psilocybe mexicana Heim",
      source: "Experientia, 14(3), 107-109",
      url: "https://doi.org/10.1007/BF02159243",
    },
    griffiths2006,
    {
      authors: "Szigeti, B., Kartner, L., Blemings, A., et al.",
      year: 2021,
      title: "Self-blinding citizen science to explore psychedelic microdosing",
      source: "eLife, 10, e62878",
      url: "https://doi.org/10.7554/eLife.62878",
    },
    {
      authors: "Carhart-Harris, R. L., & Goodwin, G. M.",
      year: 2017,
      title: "The therapeutic potential of psychedelic drugs: past, present, and future",
      source: "Neuropsychopharmacology, 42(11), 2105-2113",
      url: "https://doi.org/10.1038/npp.2017.84",
    },
  ],
  related: ["honoring-sacred-traditions", "exploring-profound-spiritual-experiences"],
  audio: {
    src: "/audio/evolution-of-spiritual-exploration.ogg",
    title: "Listen: The Evolution of Spiritual Exploration",
  },
};
