import type { Article } from "../types";
import { griffiths2006, griffiths2016, lithiumSeizures2021, rebus2019, safetyGuidelines2008 } from "./references";

export const article: Article = {
  slug: "exploring-profound-spiritual-experiences",
  title: "Exploring Profound Spiritual Experiences",
  description:
    "What mystical-type experiences are, what careful research has learned about them, and how a congregation can hold them with reverence and care.",
  keywords: ["mystical experience", "spiritual experience", "psilocybin research", "ceremony", "integration"],
  category: "trip-reports",
  featured: true,
  date: "2024-09-10",
  readTimeMinutes: 9,
  imageAlt:
    "Abstract sacred geometry in violet and gold: overlapping circles opening like petals around a bright centre",
  lede: [
    {
      type: "p",
      text: [
        "Across cultures and centuries, people have described moments in which the ordinary boundaries of the self seem to soften: a sense of unity with all that is, of timelessness, of being held by something vast and loving. Mystics have written about such moments for thousands of years. In recent decades, researchers have begun to study them too. This reflection gathers what we have learned, from tradition and from science, about these profound experiences and how to meet them well.",
      ],
    },
  ],
  sections: [
    {
      id: "what-they-are",
      heading: "What We Mean by a Profound Experience",
      blocks: [
        {
          type: "p",
          text: [
            "The philosopher William James, writing in 1902, described mystical states as ineffable, hard to put into words, and noetic, carrying a sense of deep knowing. They tend to be brief, and the person experiencing them often feels more received than in control. Later scholars, among them Walter Stace, added further marks: a sense of unity, of transcending time and space, of sacredness, and a deeply felt positive mood.",
          ],
        },
        {
          type: "quote",
          text: "Although so similar to states of feeling, mystical states seem to those who experience them to be also states of knowledge. They are states of insight into depths of truth unplumbed by the discursive intellect.",
          cite: "William James, The Varieties of Religious Experience (1902)",
        },
        {
          type: "p",
          text: [
            "Stace, writing in 1960, distinguished two broad forms. In what he called extrovertive mysticism the world is still perceived, but everything in it, a tree, a stranger's face, a stone, seems alive with one underlying unity. In introvertive mysticism the senses and thoughts fall away, and what remains is described as a pure, undivided awareness, empty of content and yet complete. Walter Pahnke drew on this work when he designed the criteria for his Good Friday study in 1962, and the questionnaires researchers use today descend from that lineage.",
          ],
        },
        {
          type: "p",
          text: [
            "People arrive at such moments by many roads: long meditation, prayer, fasting, music and dance, time in wild places, grief and birth, and, in some traditions, the ceremonial use of sacred plants and mushrooms. What matters to us is less the road than what a person does with what they find. A profound experience is a beginning, not a destination.",
          ],
        },
        {
          type: "p",
          text: [
            "Not every intense experience is a mystical one, and not every mystical experience is pleasant. Some people meet grief, fear or old pain before they meet peace. Traditions that work with these states have always known this, and have surrounded them with preparation, guidance and community for that reason.",
          ],
        },
      ],
    },
    {
      id: "what-research-found",
      heading: "What Careful Research Has Found",
      blocks: [
        {
          type: "p",
          text: [
            "In 2006, a team at Johns Hopkins University led by Roland Griffiths published a carefully controlled study in which thirty-six healthy volunteers, none of whom had used psychedelics before, received psilocybin in a comfortable, supportive setting with trained monitors. About a third rated their session as the single most spiritually significant experience of their lives, and two thirds placed it among their top five. Fourteen months later, most still rated it as highly meaningful, and people who knew them reported positive changes in their attitudes and behaviour.",
          ],
        },
        {
          type: "p",
          text: [
            "The way those sessions were held matters as much as the results. The study was double-blind: on another day each volunteer received an active comparison drug, and neither they nor their monitors knew which session was which. Volunteers met their monitors several times beforehand, spent the session in a living-room-like space, and were encouraged to lie down with eyeshades and headphones and turn their attention inward, with music chosen to support them. In other words, the researchers built a careful container, and the findings belong to that container.",
          ],
        },
        {
          type: "p",
          text: [
            "Researchers measure these experiences with questionnaires such as the Mystical Experience Questionnaire, which asks about unity, sacredness, positive mood, timelessness and ineffability. In several later studies, including trials with people facing life-threatening cancer, the strength of the mystical-type experience was one of the better predictors of lasting benefit, such as reduced anxiety and depression.",
          ],
        },
        {
          type: "p",
          text: [
            "It is important to read this research with care. The studies were small, participants were carefully screened, sessions took place with trained guides, and a number of volunteers experienced significant fear or anxiety during their sessions. The research tells us what can happen under careful conditions; it does not tell us that such experiences are safe for everyone, everywhere.",
          ],
        },
      ],
    },
    {
      id: "what-lasts",
      heading: "What Seems to Last",
      blocks: [
        {
          type: "p",
          text: [
            "One of the more striking findings of this research concerns what happens afterwards. In 2011 Katherine MacLean, Matthew Johnson and Roland Griffiths looked at personality measures in volunteers who had taken part in psilocybin sessions. Adult personality usually changes only slowly, yet those who had a complete mystical-type experience showed an increase in openness, the trait associated with imagination, aesthetic appreciation and receptivity to new ideas, and the increase was still present more than a year later. Volunteers whose sessions did not reach that threshold showed no such change.",
          ],
        },
        {
          type: "p",
          text: [
            "A large online survey led by Griffiths in 2019 compared thousands of accounts of encounters with what people called God, ultimate reality or a higher power. Some of these experiences had arisen on their own, in prayer, in nature or in crisis; others had been occasioned by psilocybin or other psychedelics. The two kinds were described in strikingly similar terms, and most people in both groups said the experience had brought lasting positive changes to their lives. For us this is a reminder that the sacred does not belong to any substance. The mushroom may open one door; there are many others.",
          ],
        },
        {
          type: "p",
          text: [
            "A systematic review by Jacob Aday and colleagues in 2020 gathered studies of longer-term effects and found reports of lasting improvements in mood, well-being, attitudes and openness after one or a few psychedelic experiences. The same review is candid about the weaknesses of the evidence: small samples, volunteers who hoped for benefit, and heavy reliance on self-report. Population studies point in a similar direction, with similar caveats. An analysis of a large US national survey by Peter Hendricks and colleagues found that adults who had ever used classic psychedelics reported less psychological distress and suicidal thinking than those who had not. An association of that kind cannot show cause and effect, and averages can hide the individuals who were harmed.",
          ],
        },
      ],
    },
    {
      id: "dissolving-and-returning",
      heading: "Dissolving and Returning",
      blocks: [
        {
          type: "p",
          text: [
            "Many accounts of profound experience include a loosening of the ordinary sense of self: the feeling of being a separate someone, looking out at the world from behind the eyes, thins or disappears. Researchers call this ego dissolution, and in 2016 Matthew Nour and colleagues published a short questionnaire, the Ego-Dissolution Inventory, to measure it. For some people it is the heart of the experience, a release into something larger and kinder. For others, especially when it arrives suddenly, it can feel like dying or losing one's mind. Both responses are understandable. People who know beforehand that the self may seem to dissolve, and that it returns, are often better able to let go.",
          ],
        },
        {
          type: "p",
          text: [
            "Scientists are still working out what happens in the brain. One influential proposal, the REBUS model of Robin Carhart-Harris and Karl Friston, suggests that psychedelics relax the hold of the brain's deeply ingrained expectations, so that habitual ways of seeing, including the way we see ourselves, become more open to revision for a time. It is a hypothesis, supported by some evidence and still debated, and we offer it as such. It does echo something the traditions have long said: that a person may return able to see old patterns with new eyes, and that this openness is a season to be used wisely rather than a permanent state.",
          ],
        },
        {
          type: "p",
          text: [
            "Researchers also disagree about how much the experience itself matters. David Yaden and Roland Griffiths have argued that the subjective experience, mystical qualities included, is necessary for lasting benefit; David Olson has argued that some benefits may come from changes in the brain that do not depend on the experience at all. The question is open. Our practice is spiritual rather than therapeutic, and for us the experience, and what a person makes of it, is the point.",
          ],
        },
      ],
    },
    {
      id: "holding-with-reverence",
      heading: "Holding These Experiences with Reverence",
      blocks: [
        {
          type: "p",
          text: [
            "Every tradition we respect holds profound experience within a container. For us that container has three parts, and each one matters as much as the ceremony itself.",
          ],
        },
        {
          type: "list",
          items: [
            [
              "Preparation: clarifying intention, learning what the experience may bring, practising simple ways to stay present with difficulty, and an honest screening conversation with a Temple Keeper.",
            ],
            [
              "Presence: a safe, quiet setting and trusted guides who stay with each person throughout, never leaving anyone alone with what arises.",
            ],
            [
              "Integration: the weeks and months afterwards, in which insight becomes change through reflection, journaling, conversation and community.",
            ],
          ],
        },
        {
          type: "p",
          text: [
            "We speak of set and setting: the inner state a person brings, and the outer environment that holds them. Both shape what happens. A frightened person in a chaotic place is far more likely to have a painful experience than a prepared person in a safe, caring one.",
          ],
        },
      ],
    },
    {
      id: "difficult-experiences",
      heading: "When the Experience Is Difficult",
      blocks: [
        {
          type: "p",
          text: [
            "Many people who have had profound experiences describe passages of fear, sorrow or confusion. Guides in research settings and in ceremonial traditions often offer the same simple counsel: breathe, let go, and move towards what arises rather than away from it, trusting that you are safe and supported. Difficult passages can become some of the most meaningful parts of a journey when they are met with care.",
          ],
        },
        {
          type: "p",
          text: [
            'Some experiences are not simply difficult but harmful, particularly for people with a personal or family history of psychosis or bipolar disorder, or for those taking certain medications. This is why screening is not a formality for us. A Temple Keeper who says "not now" or "not this path" is acting out of care.',
          ],
        },
        {
          type: "p",
          text: [
            "Laboratory research shows how much the conditions matter. A pooled analysis of eight studies at the University of Zurich, led by Erich Studerus, found that anxiety and other unpleasant effects became more likely as the dose rose, but that among carefully screened healthy volunteers, supported throughout, no lasting harm was reported. That reassurance depends on exactly those conditions. Outside them, people have sometimes put themselves or others at risk, and a small number have struggled for weeks or months afterwards.",
          ],
        },
        {
          type: "p",
          text: [
            "For these reasons we will not invite into ceremony anyone for whom the known risks are high, including people who:",
          ],
        },
        {
          type: "list",
          items: [
            ["have a personal or close family history of psychosis, schizophrenia or bipolar disorder;"],
            [
              "take lithium, which has been associated with seizures when combined with psychedelics, or MAOIs and other medicines that can interact dangerously;",
            ],
            [
              "live with heart disease, uncontrolled high blood pressure or another condition for which a temporary rise in heart rate and blood pressure could be dangerous;",
            ],
            ["are pregnant or breastfeeding, or are in an acute crisis."],
          ],
        },
        {
          type: "p",
          text: [
            "This is not a complete list, and it is not medical advice. Anyone taking medication should speak with the clinician who prescribes it, and no one should ever stop a medication in order to take part in a ceremony.",
          ],
        },
      ],
    },
    {
      id: "language-and-silence",
      heading: "Between Language and Silence",
      blocks: [
        {
          type: "p",
          text: [
            "People returning from a profound experience often struggle for words. Some reach for religious language they had long set aside; others invent images of their own, or fall quiet. All of these are honest responses. We encourage members not to hurry into interpretation. Writing down what happened, as plainly as possible, preserves the experience before our usual stories reshape it.",
          ],
        },
        {
          type: "p",
          text: [
            "It is also wise to hold conclusions lightly. A powerful feeling of certainty is part of many mystical states, and it can attach itself to ideas that do not survive a calmer look. The traditions we respect test insight over time, in community and against the fruits it bears in a life. A guide or an integration circle can help with that testing, gently and without judgement.",
          ],
        },
        {
          type: "p",
          text: ["A few questions, asked slowly over the following months, can help with that discernment:"],
        },
        {
          type: "list",
          items: [
            ["Does this insight make me more loving, or more separate from other people?"],
            ["Does it still hold when I describe it plainly to someone I trust?"],
            ["Does it ask something of me that I can practise, in small ways, this week?"],
            ["Does it humble me, or does it make me feel chosen and beyond correction?"],
          ],
        },
        {
          type: "p",
          text: [
            "The traditions have long been wary of the last of these. A sense of special election is one of the more common distortions that can follow a powerful experience, and a loving, honest community is one of the best protections against it.",
          ],
        },
      ],
    },
    {
      id: "bringing-it-home",
      heading: "Bringing It Home",
      blocks: [
        {
          type: "p",
          text: [
            "The measure of a profound experience is how it changes a life: whether we become kinder, more honest, more present to the people we love. That change rarely happens in a single night. It grows through practice. Our members keep journals, meet for integration circles, and work with guides to translate what they glimpsed into daily choices.",
          ],
        },
        {
          type: "p",
          text: [
            "Our reflection on integration, ",
            { text: "Embracing Spiritual Insights", href: "/magic/embracing-spiritual-insights" },
            ", offers practical ways to begin: writing soon after, resting, waiting before large decisions, and returning to what you learned week by week.",
          ],
        },
        {
          type: "p",
          text: [
            "If you feel called to explore this path, begin with curiosity and patience. Read ",
            { text: "our answers to common questions", href: "/faq" },
            ", learn ",
            { text: "how we honour the traditions", href: "/magic/honoring-sacred-traditions" },
            " this work comes from, and ",
            { text: "write to us", href: "/contact" },
            " when you are ready to talk.",
          ],
        },
        {
          type: "p",
          text: [
            "Our in-person ceremonies are currently paused while we complete our spiritual and legal preparations. Psilocybin remains a controlled substance under federal law, and nothing here is medical advice.",
          ],
        },
      ],
    },
  ],
  references: [
    {
      authors: "James, W.",
      year: 1902,
      title: "The Varieties of Religious Experience",
      source: "Longmans, Green and Co., New York",
    },
    griffiths2006,
    {
      authors: "Griffiths, R. R., Richards, W. A., Johnson, M. W., McCann, U. D., & Jesse, R.",
      year: 2008,
      title:
        "Mystical-type experiences occasioned by psilocybin mediate the attribution of personal meaning and spiritual significance 14 months later",
      source: "Journal of Psychopharmacology, 22(6), 621-632",
      url: "https://doi.org/10.1177/0269881108094300",
    },
    {
      authors: "Barrett, F. S., Johnson, M. W., & Griffiths, R. R.",
      year: 2015,
      title: "Validation of the revised Mystical Experience Questionnaire in experimental sessions with psilocybin",
      source: "Journal of Psychopharmacology, 29(11), 1182-1190",
      url: "https://doi.org/10.1177/0269881115609019",
    },
    griffiths2016,
    safetyGuidelines2008,
    {
      authors: "Stace, W. T.",
      year: 1960,
      title: "Mysticism and Philosophy",
      source: "J. B. Lippincott, Philadelphia",
    },
    {
      authors: "MacLean, K. A., Johnson, M. W., & Griffiths, R. R.",
      year: 2011,
      title:
        "Mystical experiences occasioned by the hallucinogen psilocybin lead to increases in the personality domain of openness",
      source: "Journal of Psychopharmacology, 25(11), 1453-1461",
      url: "https://doi.org/10.1177/0269881111420188",
    },
    {
      authors: "Griffiths, R. R., Hurwitz, E. S., Davis, A. K., Johnson, M. W., & Jesse, R.",
      year: 2019,
      title:
        'Survey of subjective "God encounter experiences": Comparisons among naturally occurring experiences and those occasioned by the classic psychedelics psilocybin, LSD, ayahuasca, or DMT',
      source: "PLoS ONE, 14(4), e0214377",
      url: "https://doi.org/10.1371/journal.pone.0214377",
    },
    {
      authors: "Aday, J. S., Mitzkovitz, C. M., Bloesch, E. K., Davoli, C. C., & Davis, A. K.",
      year: 2020,
      title: "Long-term effects of psychedelic drugs: A systematic review",
      source: "Neuroscience & Biobehavioral Reviews, 113, 179-189",
      url: "https://doi.org/10.1016/j.neubiorev.2020.03.017",
    },
    {
      authors: "Hendricks, P. S., Thorne, C. B., Clark, C. B., Coombs, D. W., & Johnson, M. W.",
      year: 2015,
      title:
        "Classic psychedelic use is associated with reduced psychological distress and suicidality in the United States adult population",
      source: "Journal of Psychopharmacology, 29(3), 280-288",
      url: "https://doi.org/10.1177/0269881114565653",
    },
    {
      authors: "Nour, M. M., Evans, L., Nutt, D., & Carhart-Harris, R. L.",
      year: 2016,
      title: "Ego-dissolution and psychedelics: Validation of the Ego-Dissolution Inventory (EDI)",
      source: "Frontiers in Human Neuroscience, 10, 269",
      url: "https://doi.org/10.3389/fnhum.2016.00269",
    },
    rebus2019,
    {
      authors: "Yaden, D. B., & Griffiths, R. R.",
      year: 2021,
      title: "The subjective effects of psychedelics are necessary for their enduring therapeutic effects",
      source: "ACS Pharmacology & Translational Science, 4(2), 568-572",
      url: "https://doi.org/10.1021/acsptsci.0c00194",
    },
    {
      authors: "Olson, D. E.",
      year: 2021,
      title: "The subjective effects of psychedelics may not be necessary for their enduring therapeutic effects",
      source: "ACS Pharmacology & Translational Science, 4(2), 563-567",
    },
    {
      authors: "Studerus, E., Kometer, M., Hasler, F., & Vollenweider, F. X.",
      year: 2011,
      title:
        "Acute, subacute and long-term subjective effects of psilocybin in healthy humans: A pooled analysis of experimental studies",
      source: "Journal of Psychopharmacology, 25(11), 1434-1452",
      url: "https://doi.org/10.1177/0269881110382466",
    },
    lithiumSeizures2021,
  ],
  related: ["honoring-sacred-traditions", "embracing-spiritual-insights"],
};
