import type { Article } from "../types";
import { griffiths2006, safetyGuidelines2008 } from "./references";

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
    {
      authors: "Griffiths, R. R., Johnson, M. W., Carducci, M. A., et al.",
      year: 2016,
      title:
        "Psilocybin produces substantial and sustained decreases in depression and anxiety in patients with life-threatening cancer: A randomized double-blind trial",
      source: "Journal of Psychopharmacology, 30(12), 1181-1197",
      url: "https://doi.org/10.1177/0269881116675513",
    },
    safetyGuidelines2008,
  ],
  related: ["honoring-sacred-traditions", "embracing-spiritual-insights"],
};
