import type { Article } from "../types";
import { griffiths2006, griffiths2016, rebus2019, ross2016 } from "./references";

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
            "The Franciscan friar Bernardino de Sahagún, who compiled a vast account of Nahua life with Indigenous collaborators in the sixteenth century, described people eating the mushrooms with honey at gatherings and then weeping, dancing or seeing visions. To the missionaries these practices were idolatry. To the people who kept them, they were a way of asking for healing and guidance, and of speaking with the sacred.",
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
      id: "rediscovery",
      heading: "Rediscovery, and Its Costs",
      blocks: [
        {
          type: "p",
          text: [
            "For a long time outsiders doubted that the mushrooms existed at all. In 1915 the American botanist William Safford argued that teonanácatl had really been dried peyote, mistaken for mushrooms by the chroniclers. The ethnobotanist Richard Evans Schultes, then a young Harvard student, travelled to Oaxaca and in 1939 published a paper showing that teonanácatl was indeed a mushroom, still in ceremonial use. His work opened the door to what followed.",
          ],
        },
        {
          type: "p",
          text: [
            'In 1955 R. Gordon Wasson, a New York banker who with his wife, the physician Valentina Pavlovna Wasson, had spent years studying the place of mushrooms in human culture, took part in an all-night velada led by the Mazatec healer María Sabina in Huautla de Jiménez. Two years later Life magazine published his account, "Seeking the Magic Mushroom". It was read by millions. The French mycologist Roger Heim identified and cultivated the mushrooms, and samples reached Albert Hofmann\'s laboratory in Switzerland.',
          ],
        },
        {
          type: "p",
          text: [
            "The article changed Huautla. Visitors arrived looking for the mushrooms, often with little understanding of or respect for the ceremony, and María Sabina suffered for having shared what she knew. Any honest history has to hold both things: the door Wasson opened, and what it cost the people on the other side of it.",
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
        {
          type: "p",
          text: [
            "The same years produced a cautionary tale. At Harvard, the Harvard Psilocybin Project led by Timothy Leary and Richard Alpert studied psilocybin in volunteers, in a prison rehabilitation programme and in religious settings, and helped popularise the idea that set and setting, the mindset a person brings and the environment that holds them, shape the experience. But the work grew less careful as enthusiasm grew, controversy followed, and by 1963 both men had left the university. Decades later Doblin also followed up the prison study and concluded that its early claims of reduced reoffending had been overstated. The lesson has not lost its force: enthusiasm is not evidence, and a sacred practice needs more care, not less.",
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
        {
          type: "p",
          text: [
            "Some of the alarm had real causes. People took powerful substances without screening, preparation or support, sometimes without knowing what they had taken, and some were badly hurt. Those harms were real and deserve to be remembered. What prohibition could not do was tell apart reckless use from careful, reverent practice, and for a generation it treated them as the same.",
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
          text: ["A few milestones show how the field has grown, and how carefully its results need to be read:"],
        },
        {
          type: "list",
          items: [
            [
              "Serious illness: in 2016 two randomised trials, at Johns Hopkins and New York University, reported substantial and sustained reductions in anxiety and depression in people with life-threatening cancer after a single psilocybin session with psychological support. Both were small, with a few dozen participants each.",
            ],
            [
              "Addiction: a 2014 open-label pilot study at Johns Hopkins found that most of its fifteen smokers had stopped smoking six months after psilocybin sessions combined with counselling, and a 2022 randomised trial led by Michael Bogenschutz found fewer heavy-drinking days in people with alcohol use disorder.",
            ],
            [
              "Depression: a 2021 trial at Imperial College compared psilocybin with the antidepressant escitalopram in 59 people and found no significant difference on its main measure, though other measures tended to favour psilocybin. The same year a small Johns Hopkins trial reported large improvements in major depression, and in 2022 a larger trial of 233 people with treatment-resistant depression found a benefit at three weeks that was no longer statistically clear at twelve, with suicidal thoughts or self-harm reported in every dose group, including the lowest.",
            ],
          ],
        },
        {
          type: "p",
          text: [
            "Public policy has begun to change as well. The US Food and Drug Administration granted psilocybin therapy programmes breakthrough therapy designation, which speeds development, in 2018 and 2019. Oregon voters approved regulated psilocybin services in 2020, and Colorado followed in 2022. In 2023 Australia allowed specially authorised psychiatrists to prescribe psilocybin for treatment-resistant depression. At the time of writing, no psilocybin medicine has been approved by the FDA, and psilocybin remains a Schedule I substance under US federal law.",
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
      id: "a-changing-picture",
      heading: "A Changing Picture of How It Works",
      blocks: [
        {
          type: "p",
          text: [
            "The first researchers knew little about how these substances act. Today we know that the body converts psilocybin into psilocin, which acts mainly on one type of serotonin receptor, the 5-HT2A receptor, found in especially high numbers in parts of the brain involved in perception, self-reflection and meaning. Brain-imaging studies suggest that during the experience, networks that usually work in a well-worn, orderly way communicate more freely. The REBUS model proposed by Robin Carhart-Harris and Karl Friston in 2019 interprets this as a temporary loosening of the brain's strongest habits of expectation. It is an influential hypothesis, not a settled fact.",
          ],
        },
        {
          type: "p",
          text: [
            "Laboratory research has added another thread. In 2018 a team at the University of California, Davis reported that several classic psychedelics caused neurons to grow new branches and connections; most of those experiments used rat neurons grown in a dish, with further work in flies, zebrafish and rats. In 2021 researchers at Yale found that a single dose of psilocybin increased the number and size of dendritic spines, the tiny sites where neurons connect, in the frontal cortex of mice, and that the change was still visible a month later. These are animal and cell findings. They are intriguing, but they do not show that the same happens in people, or what it would mean if it did.",
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
            "Research on microdosing is young, and several careful placebo-controlled studies have found that expectation explains much of what people report. In one large study in 2021, volunteers prepared their own placebo and microdose capsules so that they did not know which they were taking; those on microdoses reported improvements in well-being, but so, to a similar degree, did those on placebo. We encourage humility about all of these claims.",
          ],
        },
        {
          type: "p",
          text: [
            "Small amounts are not automatically safe amounts. The effects of taking any psychedelic frequently over months or years have hardly been studied; tolerance builds quickly with repeated use; and some researchers have raised a theoretical concern about the heart, because compounds that act on a related serotonin receptor over long periods have been linked to heart-valve problems. Interactions with medications such as lithium and MAOIs, and the risks for people with a personal or family history of psychosis or bipolar disorder, apply at every point on the spectrum.",
          ],
        },
      ],
    },
    {
      id: "what-history-teaches",
      heading: "What the History Teaches",
      blocks: [
        {
          type: "p",
          text: ["Looking back across these centuries, a few lessons seem clear to us:"],
        },
        {
          type: "list",
          items: [
            [
              "Remember where the knowledge came from. The practices we are heirs to were kept alive by Indigenous communities, often at great cost, and respect for them is owed, not optional.",
            ],
            [
              "Container matters. Whether in a Mazatec home, a university chapel or a modern clinic, good outcomes have depended on preparation, guidance, a safe setting and care afterwards.",
            ],
            [
              "Enthusiasm is not evidence. The first wave was harmed by overstated claims, and the second wave will be too if hope outruns what studies actually show.",
            ],
            [
              "Tell the whole story. Doblin's follow-up mattered because it reported both the lasting meaning and the distress. Honest accounts protect the people who come after.",
            ],
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
        {
          type: "p",
          text: [
            "Religious freedom has its own history here. In 1990, in Employment Division v. Smith, the Supreme Court held that neutral, generally applicable laws may burden religious practice without violating the Constitution; the case concerned two members of the Native American Church who had used peyote in ceremony. Congress answered with the Religious Freedom Restoration Act in 1993, and in 1994 it protected the traditional ceremonial use of peyote by members of federally recognised tribes. In 2006, in Gonzales v. O Centro Espírita Beneficente União do Vegetal, the Court unanimously held that the government had not shown a compelling interest in barring a small church's sacramental use of ayahuasca tea. These protections were hard won, they depend on sincerity and on the facts of each case, and they are not a general licence. We hope to be worthy of them.",
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
    {
      authors: "Schultes, R. E.",
      year: 1939,
      title: "Plantae Mexicanae II: The identification of teonanacatl, a narcotic Basidiomycete of the Aztecs",
      source: "Botanical Museum Leaflets, Harvard University, 7(3)",
    },
    {
      authors: "Wasson, R. G.",
      year: 1957,
      title: "Seeking the Magic Mushroom",
      source: "Life, 42(19), 100-120 (May 13, 1957)",
    },
    {
      authors: "Doblin, R.",
      year: 1998,
      title: "Dr. Leary's Concord Prison Experiment: A 34-year follow-up study",
      source: "Journal of Psychoactive Drugs, 30(4), 419-426",
    },
    griffiths2016,
    ross2016,
    {
      authors: "Johnson, M. W., Garcia-Romeu, A., Cosimano, M. P., & Griffiths, R. R.",
      year: 2014,
      title: "Pilot study of the 5-HT2AR agonist psilocybin in the treatment of tobacco addiction",
      source: "Journal of Psychopharmacology, 28(11), 983-992",
      url: "https://doi.org/10.1177/0269881114548296",
    },
    {
      authors: "Bogenschutz, M. P., Ross, S., Bhatt, S., et al.",
      year: 2022,
      title:
        "Percentage of heavy drinking days following psilocybin-assisted psychotherapy vs placebo in the treatment of adult patients with alcohol use disorder: A randomized clinical trial",
      source: "JAMA Psychiatry, 79(10), 953-962",
      url: "https://doi.org/10.1001/jamapsychiatry.2022.2096",
    },
    {
      authors: "Carhart-Harris, R., Giribaldi, B., Watts, R., et al.",
      year: 2021,
      title: "Trial of psilocybin versus escitalopram for depression",
      source: "New England Journal of Medicine, 384(15), 1402-1411",
      url: "https://doi.org/10.1056/NEJMoa2032994",
    },
    {
      authors: "Davis, A. K., Barrett, F. S., May, D. G., et al.",
      year: 2021,
      title: "Effects of psilocybin-assisted therapy on major depressive disorder: A randomized clinical trial",
      source: "JAMA Psychiatry, 78(5), 481-489",
      url: "https://doi.org/10.1001/jamapsychiatry.2020.3285",
    },
    {
      authors: "Goodwin, G. M., Aaronson, S. T., Alvarez, O., et al.",
      year: 2022,
      title: "Single-dose psilocybin for a treatment-resistant episode of major depression",
      source: "New England Journal of Medicine, 387(18), 1637-1648",
      url: "https://doi.org/10.1056/NEJMoa2206443",
    },
    rebus2019,
    {
      authors: "Ly, C., Greb, A. C., Cameron, L. P., et al.",
      year: 2018,
      title: "Psychedelics promote structural and functional neural plasticity",
      source: "Cell Reports, 23(11), 3170-3182",
      url: "https://doi.org/10.1016/j.celrep.2018.05.022",
    },
    {
      authors: "Shao, L.-X., Liao, C., Gregg, I., et al.",
      year: 2021,
      title: "Psilocybin induces rapid and persistent growth of dendritic spines in frontal cortex in vivo",
      source: "Neuron, 109(16), 2535-2544",
      url: "https://doi.org/10.1016/j.neuron.2021.06.008",
    },
  ],
  related: ["honoring-sacred-traditions", "exploring-profound-spiritual-experiences"],
  audio: {
    src: "/audio/evolution-of-spiritual-exploration.ogg",
    title: "Listen: The Evolution of Spiritual Exploration",
  },
};
