import type { Article } from "../types";

export const article: Article = {
  slug: "honoring-sacred-traditions",
  title: "Honoring the Sacred Traditions",
  description:
    "The Mazatec velada, María Sabina, and what the world owes the people who kept this practice alive. Respect, reciprocity and restraint.",
  keywords: ["Mazatec", "María Sabina", "velada", "R. Gordon Wasson", "cultural respect", "reciprocity"],
  category: "history",
  featured: true,
  date: "2024-11-15",
  readTimeMinutes: 6,
  imageAlt:
    "Abstract sacred geometry in violet and gold: a six-pointed figure inside rings, like a candlelit circle at night",
  lede: [
    {
      type: "p",
      text: [
        "Before there were research protocols or congregations like ours, there were families in the mountains of Oaxaca, Mexico, who knew the sacred mushrooms as teachers and healers. Any honest practice today begins by remembering them, and by asking what respect looks like in our own time.",
      ],
    },
  ],
  sections: [
    {
      id: "the-velada",
      heading: "The Velada",
      blocks: [
        {
          type: "p",
          text: [
            "Among the Mazatec people of the Sierra Mazateca, the ceremonial use of mushrooms took the form of the velada, an all-night vigil of prayer and chanting led by a healer. Veladas were held for a purpose: to diagnose an illness, to find something lost, to seek counsel in a crisis. They took place in darkness, in a home, with family present, and combined Indigenous practice with Catholic prayers and saints.",
          ],
        },
        {
          type: "p",
          text: [
            'The most famous of these healers, María Sabina, described the mushrooms as "the little ones who spring forth" and spoke of them as a source of language: in the velada, she said, she received the words of her chants. For her the ceremony was work, undertaken for the sick, not an experience sought for its own sake.',
          ],
        },
      ],
    },
    {
      id: "1957",
      heading: "1957 and Its Consequences",
      blocks: [
        {
          type: "p",
          text: [
            'In 1955, the American banker and amateur mycologist R. Gordon Wasson took part in a velada led by María Sabina in the town of Huautla de Jiménez. In May 1957 he published an account in Life magazine titled "Seeking the Magic Mushroom." Although he changed names, the location was soon known. Within a few years Huautla was visited by a stream of travellers, many of them seeking a psychedelic adventure rather than healing.',
          ],
        },
        {
          type: "p",
          text: [
            "The consequences for the community were serious. María Sabina was blamed by some of her neighbours for the attention; her house was burned and she was briefly jailed. Later in life she said that since foreigners had come, the mushrooms had lost their purity and their power. The world gained a great deal from her openness, and gave little back.",
          ],
        },
      ],
    },
    {
      id: "what-respect-asks",
      heading: "What Respect Asks of Us",
      blocks: [
        {
          type: "p",
          text: [
            "We are not Mazatec, and we do not claim their ceremonies. Honouring a tradition we learned from, without appropriating it, asks several things of us:",
          ],
        },
        {
          type: "list",
          items: [
            ["Naming our debts: telling the true history, including its harms, rather than a romantic story."],
            [
              "Not imitating what is not ours: we do not copy Mazatec chants, titles or rituals, or present our ceremonies as Indigenous.",
            ],
            [
              "Keeping purpose at the centre: as in the velada, ceremony is undertaken for healing and understanding, never as entertainment.",
            ],
            [
              "Reciprocity: a share of what our community gives supports Indigenous-led organisations working for land, health and cultural survival.",
            ],
          ],
        },
      ],
    },
    {
      id: "beyond-oaxaca",
      heading: "Many Traditions, Many Teachers",
      blocks: [
        {
          type: "p",
          text: [
            "The Mazatec velada is one thread in a much wider weave. Across the Americas and beyond, communities have developed their own ways of approaching sacred plants: the peyote ceremonies of the Native American Church, the ayahuasca traditions of the Amazon and the churches that grew from them in Brazil, and many others. Each has its own songs, ethics, and hard-won knowledge of how to keep people safe.",
          ],
        },
        {
          type: "p",
          text: [
            "What these traditions share is striking: the experience is never treated as casual. There is preparation, often fasting or abstinence beforehand; there is an experienced elder or healer who holds the space; there is prayer, song or silence that gives the night a shape; and there is a community that receives the person afterwards. Modern research protocols, with their screening, trained monitors and follow-up, have in many ways rediscovered what these traditions long knew.",
          ],
        },
        {
          type: "p",
          text: [
            "Some of these plants are themselves under pressure. Wild peyote, for example, grows slowly and has become scarce through overharvesting, and Indigenous communities have asked outsiders to leave it alone. Listening to such requests is part of respect. For our own practice we work only with what can be obtained lawfully and sustainably, and never with plants that a tradition has asked us not to take.",
          ],
        },
      ],
    },
    {
      id: "reciprocity-in-practice",
      heading: "Reciprocity in Practice",
      blocks: [
        {
          type: "p",
          text: [
            "Reciprocity is easy to praise and harder to practise. For us it means a few concrete habits. We set aside part of what our community gives for organisations led by Indigenous people themselves, so that they, not we, decide how the support is used. We credit teachers and sources by name. When we are unsure whether a practice is ours to use, we ask, and when we cannot ask, we leave it alone.",
          ],
        },
        {
          type: "p",
          text: [
            "Reciprocity also runs inward, within our own congregation. Those who receive care are invited, in time, to offer it: to sit with newcomers in integration circles, to share what helped them, to give what they can. A practice that only takes, from a culture or from a community, eventually empties itself. One that gives back can last for generations, as the velada did.",
          ],
        },
      ],
    },
    {
      id: "questions-to-ask",
      heading: "Questions to Ask of Any Ceremony",
      blocks: [
        {
          type: "p",
          text: [
            "Interest in sacred plants has grown quickly, and so has the number of people offering ceremonies. Some are careful and experienced; some borrow the look of a tradition without its substance. Whether you sit with us or with anyone else, these questions can help you tell the difference. A good facilitator will welcome them.",
          ],
        },
        {
          type: "list",
          items: [
            [
              "Where does this practice come from, and who taught the person leading it? A clear, humble answer, including what they do not know, is a good sign. Vague claims of ancient lineage are not.",
            ],
            [
              "How are people screened? Traditions and research alike take care over who should not take part, for example people with certain heart conditions, a personal or family history of psychosis or bipolar disorder, or medications that interact dangerously.",
            ],
            [
              "Who is present, and how many? Ask how many facilitators will be in the room for how many participants, and what experience they have with difficult moments.",
            ],
            [
              "What happens if something goes wrong? There should be a plan for medical and emotional emergencies, and a way to reach help.",
            ],
            [
              "What happens afterwards? Integration support, whether circles, conversations or a guide to call, is part of the ceremony, not an extra.",
            ],
            [
              "Who benefits? Ask how money is used, and whether any of it returns to the communities whose knowledge made the ceremony possible.",
            ],
          ],
        },
        {
          type: "p",
          text: [
            "If the answers leave you uneasy, it is wise to wait. The mushrooms, as María Sabina's neighbours would say, are patient; there is no ceremony worth taking that cannot be taken later, with better people and better preparation.",
          ],
        },
      ],
    },
    {
      id: "where-we-stand",
      heading: "Where Our Congregation Stands",
      blocks: [
        {
          type: "p",
          text: [
            "Our own answers to those questions are part of how we try to honour the traditions we learned from. Every participant is screened and prepares with a Temple Keeper. Ceremonies are small, held by trained facilitators, and followed by integration support. We do not sell ceremonies as experiences, and we say openly when a ceremony is paused, as our in-person ceremony is while we seek the legal protection described on our ",
            { text: "religious freedom", href: "/religious-freedom" },
            " page.",
          ],
        },
        {
          type: "p",
          text: [
            "None of this makes us keepers of the Mazatec tradition, and we do not pretend otherwise. It is our attempt to take what we received with gratitude and to practise in a way that those who first kept it alive might recognise as serious, careful and kind.",
          ],
        },
      ],
    },
    {
      id: "learning-from-the-past",
      heading: "Learning from the Past",
      blocks: [
        {
          type: "p",
          text: [
            "The story of Huautla also teaches restraint. Attention, even admiring attention, can harm a community and a practice. We try to let that lesson shape how we speak publicly: without hype, without promises, and with care for the privacy of everyone who takes part.",
          ],
        },
        {
          type: "p",
          text: [
            "To see how ceremony and research developed after 1957, read ",
            { text: "The Evolution of Spiritual Exploration", href: "/magic/evolution-of-spiritual-exploration" },
            ". To learn about the beliefs that guide our own congregation, visit ",
            { text: "The Calling", href: "/the-invitation" },
            ".",
          ],
        },
      ],
    },
  ],
  references: [
    {
      authors: "Wasson, R. G.",
      year: 1957,
      title: "Seeking the Magic Mushroom",
      source: "Life, 42(19), 100-120 (May 13, 1957)",
    },
    {
      authors: "Estrada, Á.",
      year: 1981,
      title: "María Sabina: Her Life and Chants",
      source: "Ross-Erikson, Santa Barbara (translated by H. Munn)",
    },
    {
      authors: "Schultes, R. E., Hofmann, A., & Rätsch, C.",
      year: 2001,
      title: "Plants of the Gods: Their Sacred, Healing, and Hallucinogenic Powers (revised edition)",
      source: "Healing Arts Press, Rochester, Vermont",
    },
    {
      authors: "Letcher, A.",
      year: 2006,
      title: "Shroom: A Cultural History of the Magic Mushroom",
      source: "Faber and Faber, London",
    },
  ],
  related: ["evolution-of-spiritual-exploration", "exploring-profound-spiritual-experiences"],
};
