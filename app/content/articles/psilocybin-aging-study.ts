import type { Article } from "../types";
import { griffiths2006, griffiths2016, lithiumSeizures2021, ross2016, safetyGuidelines2008 } from "./references";

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
            "Two ideas help in reading it. The first is cellular senescence. In 1961 Leonard Hayflick and Paul Moorhead showed that ordinary human cells grown in the laboratory divide only a limited number of times before they stop, a boundary now called the Hayflick limit. Senescent cells stay alive but no longer divide, and as they accumulate in the body they are thought to contribute to ageing. Delaying senescence in a dish is one way researchers look for compounds that might influence ageing. The second idea is the difference between lifespan, how long an organism lives, and healthspan, how long it lives in good health. Both matter, and a finding about one does not automatically tell us about the other.",
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
        { type: "h3", text: "Reading the Results Carefully" },
        {
          type: "p",
          text: [
            "A few details help put the headline numbers in context. The survival figures describe how many mice were still alive at the end of a fixed period of about ten months; they do not measure how long the longest-lived mice could live, and they do not by themselves tell us whether the treated mice spent their extra time in good health. The mice were all female, and the work comes from a single research team; findings like these become trustworthy only when independent laboratories repeat them. In the cell experiments the authors reported that the gain in cellular lifespan depended on the concentration of psilocin and the cell type, reaching up to 57%. A concentration in a culture dish cannot simply be translated into a dose for a person.",
          ],
        },
        {
          type: "p",
          text: [
            "The SIRT1 finding also deserves patience. Sirtuins drew enormous excitement in ageing research in the 2000s, and resveratrol, a compound found in grape skins and promoted as a sirtuin activator, was widely sold as an anti-ageing supplement. When the US National Institute on Aging tested resveratrol in its rigorous, multi-site Interventions Testing Program, it did not extend the lifespan of mice. That history says nothing about psilocybin either way. It does show how often a promising molecular signal fails to become a proven benefit.",
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
            "Here research with people is more directly relevant, though it asks a different question. In 2016 two randomised trials, at Johns Hopkins and New York University, found that a single psilocybin session with psychological support led to substantial and lasting reductions in anxiety and depression among people facing life-threatening cancer, along with improvements in quality of life and in attitudes towards death. A small open-label study in San Francisco, published in 2020, offered psilocybin-assisted group therapy to older gay men who were long-term survivors of AIDS and struggling with demoralisation, and reported meaningful improvement three months later. These studies were small and closely supervised. They say nothing about living longer; they speak about living, and dying, with less fear.",
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
        { type: "h3", text: "Particular Care in Later Life" },
        {
          type: "p",
          text: [
            "Because this study will interest many older readers, it is worth saying plainly how the risks change with age. Most clinical trials of psilocybin have enrolled relatively healthy adults and excluded people with significant heart disease or other serious medical conditions, so there is little evidence about its safety in frailer older people.",
          ],
        },
        {
          type: "list",
          items: [
            [
              "Heart and blood pressure: psilocybin temporarily raises heart rate and blood pressure, which matters more when the heart or blood vessels are already under strain.",
            ],
            [
              "Medications: many older adults take several medicines. Lithium has been associated with seizures when combined with psychedelics, MAOIs and some other medicines can interact dangerously, and some antidepressants can blunt or change the experience in unpredictable ways.",
            ],
            [
              "Memory and thinking: scientific reviews have raised the idea that psychedelics might one day help in dementia, but that idea rests on laboratory and early findings, and no benefit has been shown in people living with dementia. Confusion can be more frightening, and more dangerous, for someone whose memory is already fragile.",
            ],
            [
              "Balance and falls: changes in perception and coordination raise the risk of falling, and falls carry greater consequences later in life.",
            ],
          ],
        },
        {
          type: "p",
          text: [
            'None of this is a reason for fear. It is a reason for thorough screening, an honest conversation with one\'s own doctor, and a willingness to hear "not now" or "not this path".',
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
            "We will also remember who is most likely to be hurt by overstated claims: people who are ill, afraid of ageing or running out of options. They deserve the most honest information of all, and the most careful accompaniment.",
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
    {
      authors: "Hayflick, L., & Moorhead, P. S.",
      year: 1961,
      title: "The serial cultivation of human diploid cell strains",
      source: "Experimental Cell Research, 25(3), 585-621",
      url: "https://doi.org/10.1016/0014-4827(61)90192-6",
    },
    {
      authors: "Miller, R. A., Harrison, D. E., Astle, C. M., et al.",
      year: 2011,
      title: "Rapamycin, but not resveratrol or simvastatin, extends life span of genetically heterogeneous mice",
      source: "Journals of Gerontology, Series A: Biological Sciences and Medical Sciences, 66A(2), 191-201",
    },
    griffiths2016,
    ross2016,
    {
      authors: "Anderson, B. T., Danforth, A., Daroff, R., et al.",
      year: 2020,
      title:
        "Psilocybin-assisted group therapy for demoralized older long-term AIDS survivor men: An open-label safety and feasibility pilot study",
      source: "EClinicalMedicine, 27, 100538",
      url: "https://doi.org/10.1016/j.eclinm.2020.100538",
    },
    lithiumSeizures2021,
    {
      authors: "Vann Jones, S. A., & O'Kelly, A.",
      year: 2020,
      title: "Psychedelics as a treatment for Alzheimer's disease dementia",
      source: "Frontiers in Synaptic Neuroscience, 12, 34",
      url: "https://doi.org/10.3389/fnsyn.2020.00034",
    },
  ],
  related: ["exploring-profound-spiritual-experiences", "evolution-of-spiritual-exploration"],
};
