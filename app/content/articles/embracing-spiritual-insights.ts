import type { Article } from "../types";
import { safetyGuidelines2008 } from "./references";

export const article: Article = {
  slug: "embracing-spiritual-insights",
  title: "Embracing Spiritual Insights: The Art of Integration",
  description:
    "How insight becomes change: set and setting, journaling, community and guidance in the weeks after a profound experience.",
  keywords: ["integration", "set and setting", "journaling", "spiritual practice", "community", "guidance"],
  category: "set-setting",
  featured: false,
  date: "2024-10-28",
  readTimeMinutes: 7,
  imageAlt:
    "Abstract sacred geometry in violet and gold: a square turning within circles, like a path folding back on itself",
  lede: [
    {
      type: "p",
      text: [
        "A profound experience can show us, in a few hours, what we most care about and what stands in our way. Then we wake up the next morning to the same kitchen, the same work and the same habits. Integration is the patient art of letting what we glimpsed change how we live. It is, many guides say, where most of the real work happens.",
      ],
    },
  ],
  sections: [
    {
      id: "begins-before",
      heading: "Integration Begins Before the Ceremony",
      blocks: [
        {
          type: "p",
          text: [
            "The phrase set and setting, popularised in the 1960s, names two things that shape any deep experience: the mindset we bring, with its hopes, fears and intentions, and the physical and social environment that holds us. Both also shape what we can carry home. A clear intention written down beforehand becomes a thread to follow afterwards; a trusted guide met before the ceremony is someone to talk with after it.",
          ],
        },
        {
          type: "p",
          text: [
            "So integration starts in preparation: simplifying the days around a ceremony, telling a trusted person what you are doing, clearing time afterwards for rest, and deciding in advance how you will reflect.",
          ],
        },
      ],
    },
    {
      id: "first-days",
      heading: "The First Days",
      blocks: [
        {
          type: "p",
          text: [
            "In the days after a profound experience many people feel open, tender, sometimes elated and sometimes raw. This is a time for gentleness rather than big decisions. A few practices help:",
          ],
        },
        {
          type: "list",
          items: [
            [
              "Write soon, before memory smooths the edges: images, words, feelings in the body, and anything that surprised you.",
            ],
            ["Rest, eat simply, and spend time outdoors if you can."],
            [
              "Wait before acting on large decisions such as leaving a job or a relationship; let insights settle and test them over weeks.",
            ],
            [
              "Talk with your guide or an integration circle, especially about anything that frightened or confused you.",
            ],
          ],
        },
      ],
    },
    {
      id: "from-insight-to-practice",
      heading: "From Insight to Practice",
      blocks: [
        {
          type: "p",
          text: [
            'An insight such as "I need to forgive my father" or "I am allowed to rest" is a seed. It grows through small, repeated actions. Choose one insight, translate it into a concrete practice, and keep it for a month: a weekly letter you never send, ten minutes of stillness each morning, an honest conversation you have been avoiding.',
          ],
        },
        {
          type: "p",
          text: [
            "Journaling helps us notice change that is too slow to see day by day. Our members keep private journals in the member area, note the emotions and sensations that arise, and return to them during integration sessions. Looking back over a season often shows a transformation that never announced itself.",
          ],
        },
      ],
    },
    {
      id: "body-and-rhythm",
      heading: "The Body and the Rhythm of Days",
      blocks: [
        {
          type: "p",
          text: [
            "Insight does not live only in the mind. Many people notice that a profound experience leaves traces in the body: a new ease in the breath, tension that returns when an old pattern is triggered, a longing to move or to be in nature. Paying attention to these signals is part of integration. Gentle movement, walking, breathwork and time outdoors help us stay in contact with what we felt, and help the nervous system settle after intensity.",
          ],
        },
        {
          type: "p",
          text: [
            "Rhythm helps too. A short daily practice, even five minutes of stillness or a line in a journal each evening, creates a place where insight can keep speaking. Weekly reflection lets us notice patterns: what keeps drawing us back to old habits, what has quietly begun to change. Seasonal check-ins with a guide offer a wider view. Our members use daily check-ins and integration sessions in the member area for exactly this purpose.",
          ],
        },
        {
          type: "p",
          text: [
            "Expect the path to wind. It is common to feel a glow for a few weeks and then a kind of fading, as if the experience were slipping away. This is not failure. The first brightness gives way to slower work, and much of the lasting change happens in that quieter season, when we keep choosing, again and again, to live what we learned.",
          ],
        },
      ],
    },
    {
      id: "relationships",
      heading: "Integration in Relationships",
      blocks: [
        {
          type: "p",
          text: [
            "The people close to us may notice that we have changed before we can explain why. It can help to share simply and without pressure: what the experience meant to you, and what you hope to do differently. Not everyone will understand, and that is all right. Insights about a relationship are best tested in honest conversation over time, rather than announced all at once.",
          ],
        },
        {
          type: "p",
          text: [
            "A useful rule of thumb from many integration guides is to wait before making large, irreversible decisions: leaving a marriage, quitting a job, moving across the world. Sometimes an experience does reveal that a great change is needed. Even then, the change usually goes better when it is made slowly, with the people it affects, after the first intensity has settled. If the insight is true, it will still be true in three months.",
          ],
        },
      ],
    },
    {
      id: "when-it-was-hard",
      heading: "When the Experience Was Hard",
      blocks: [
        {
          type: "p",
          text: [
            "Not every ceremony is luminous. Some bring fear, grief, old memories or a sense of losing one's footing. A large survey of people who had gone through challenging psilocybin experiences found that many later counted them among the most meaningful of their lives, and also that a small number went on to struggle for some time afterwards. Both are real, and good integration takes both seriously.",
          ],
        },
        {
          type: "p",
          text: [
            "If your experience was hard, be gentle with the meaning you make of it. Write down what happened without judging it yet. Tell someone you trust. Notice what the difficult part seemed to be pointing towards: often it is something that had been waiting for attention. And watch how you are in the following weeks. Feeling unsettled for a few days is common; feeling worse over weeks is a reason to reach out, to us and, where needed, to a clinician.",
          ],
        },
      ],
    },
    {
      id: "a-simple-practice",
      heading: "A Simple Weekly Practice",
      blocks: [
        {
          type: "p",
          text: [
            "Integration does not need to be complicated. Many of our members keep a small weekly ritual for the first few months after a ceremony. Set aside twenty minutes at the same time each week, sit somewhere quiet, and write your answers to three questions:",
          ],
        },
        {
          type: "list",
          items: [
            ["What from my experience came back to me this week, in a thought, a dream or a moment?"],
            ["Where did I live what I learned, even a little, and where did I fall back into old patterns?"],
            ["What is one small, concrete thing I will do in the coming week to honour it?"],
          ],
        },
        {
          type: "p",
          text: [
            "Read back over earlier weeks once a month. Patterns appear that are invisible from inside a single day: a relationship that keeps coming up, a habit that softens, a fear that has quietly lost its grip. That record is yours, and it becomes, over time, the clearest evidence of how the experience has changed your life.",
          ],
        },
      ],
    },
    {
      id: "community-and-guidance",
      heading: "Community and Guidance",
      blocks: [
        {
          type: "p",
          text: [
            "We are not meant to integrate alone. Sharing an experience with people who listen without judgement helps us understand it, and hearing others' journeys reminds us that confusion and slow progress are normal. Our integration circles meet regularly, and Temple Keepers are available for one-to-one conversations.",
          ],
        },
        {
          type: "p",
          text: [
            "Sometimes what surfaces needs more than spiritual support: persistent anxiety, low mood, sleeplessness or distressing memories. In that case we encourage speaking with a licensed mental-health professional, and we will help you find one. Seeking that help is part of integration, not a failure of it.",
          ],
        },
        {
          type: "p",
          text: [
            "If you would like to talk about integration support, please ",
            { text: "contact us", href: "/contact" },
            ". You may also want to read about ",
            { text: "profound spiritual experiences", href: "/magic/exploring-profound-spiritual-experiences" },
            " and how research describes them.",
          ],
        },
      ],
    },
  ],
  references: [
    {
      authors:
        "Carbonaro, T. M., Bradstreet, M. P., Barrett, F. S., MacLean, K. A., Jesse, R., Johnson, M. W., & Griffiths, R. R.",
      year: 2016,
      title:
        "Survey study of challenging experiences after ingesting psilocybin mushrooms: Acute and enduring positive and negative consequences",
      source: "Journal of Psychopharmacology, 30(12), 1268-1278",
      url: "https://doi.org/10.1177/0269881116662634",
    },
    {
      authors: "Hartogsohn, I.",
      year: 2017,
      title: "Constructing drug effects: A history of set and setting",
      source: "Drug Science, Policy and Law, 3",
      url: "https://doi.org/10.1177/2050324516683325",
    },
    {
      authors: "Bathje, G. J., Majeski, E., & Kudowor, M.",
      year: 2022,
      title: "Psychedelic integration: An analysis of the concept and its practice",
      source: "Frontiers in Psychology, 13, 824077",
      url: "https://doi.org/10.3389/fpsyg.2022.824077",
    },
    {
      authors: "Pennebaker, J. W.",
      year: 1997,
      title: "Writing about emotional experiences as a therapeutic process",
      source: "Psychological Science, 8(3), 162-166",
      url: "https://doi.org/10.1111/j.1467-9280.1997.tb00403.x",
    },
    safetyGuidelines2008,
  ],
  related: ["exploring-profound-spiritual-experiences", "psilocybin-aging-study"],
};
