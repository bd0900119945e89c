/**
 * Sacred Resources (SPEC.md "Resources"): four sections. Every link is real: a page of this site,
 * or an outside reference (opened in a new tab). Research links are DOIs.
 */
export type ResourceType = "book" | "article" | "tool" | "video";

export interface Resource {
  title: string;
  author: string;
  description: string;
  category: string;
  link: string;
  type: ResourceType;
}

export const RESOURCE_SECTIONS: ReadonlyArray<{ id: string; title: string; items: ReadonlyArray<Resource> }> = [
  {
    id: "literature",
    title: "Sacred Literature",
    items: [
      {
        title: "The Varieties of Religious Experience",
        author: "William James (1902)",
        description:
          "The classic study of conversion, mysticism and saintliness, read freely online. James's four marks of mystical experience still frame the research today.",
        category: "Foundations",
        link: "https://www.gutenberg.org/ebooks/621",
        type: "book",
      },
      {
        title: "The Doors of Perception",
        author: "Aldous Huxley (1954)",
        description:
          "Huxley's short account of one afternoon that changed how a generation spoke about perception and the sacred.",
        category: "Classic accounts",
        link: "https://en.wikipedia.org/wiki/The_Doors_of_Perception",
        type: "book",
      },
      {
        title: "How to Change Your Mind",
        author: "Michael Pollan (2018)",
        description:
          "A careful journalist's history of psychedelic research and his own guided experiences, with attention to risk as well as promise.",
        category: "Science and history",
        link: "https://en.wikipedia.org/wiki/How_to_Change_Your_Mind",
        type: "book",
      },
      {
        title: "The Psychedelic Explorer's Guide",
        author: "James Fadiman (2011)",
        description:
          "A practical book on safe, guided journeys, with a long section on the role and conduct of the guide.",
        category: "Practice",
        link: "https://en.wikipedia.org/wiki/James_Fadiman",
        type: "book",
      },
    ],
  },
  {
    id: "articles",
    title: "Wisdom Articles",
    items: [
      {
        title: "Psilocybin can occasion mystical-type experiences having substantial and sustained personal meaning",
        author: "Griffiths, Richards, McCann and Jesse, Psychopharmacology (2006)",
        description:
          "The Johns Hopkins study that reopened research into the religious dimension of these experiences.",
        category: "Research",
        link: "https://doi.org/10.1007/s00213-006-0457-5",
        type: "article",
      },
      {
        title: "Human hallucinogen research: guidelines for safety",
        author: "Johnson, Richards and Griffiths, Journal of Psychopharmacology (2008)",
        description:
          "The safety guidelines behind careful practice: screening, preparation, the setting and the role of monitors.",
        category: "Safety",
        link: "https://doi.org/10.1177/0269881108093587",
        type: "article",
      },
      {
        title: "Embracing Spiritual Insights",
        author: "Sacred Path Congregation",
        description: "Our own article on carrying what you receive into daily life.",
        category: "From our library",
        link: "/magic/embracing-spiritual-insights",
        type: "article",
      },
      {
        title: "Honoring Sacred Traditions",
        author: "Sacred Path Congregation",
        description: "On reciprocity with the cultures and lineages these practices come from.",
        category: "From our library",
        link: "/magic/honoring-sacred-traditions",
        type: "article",
      },
    ],
  },
  {
    id: "tools",
    title: "Sacred Tools",
    items: [
      {
        title: "Preparation Guide and Day-of Checklist",
        author: "Sacred Path Congregation",
        description: "Four areas of preparation and the checklist you tick on the day of your ceremony.",
        category: "Preparation",
        link: "/preparation-guide",
        type: "tool",
      },
      {
        title: "Your Sacred Journal",
        author: "Sacred Path Congregation",
        description: "Record emotions, body sensations and insight; encrypted and private to you.",
        category: "Integration",
        link: "/journals",
        type: "tool",
      },
      {
        title: "Fireside Project peer support line",
        author: "Fireside Project",
        description:
          "Free, confidential peer support by phone or text during or after a psychedelic experience (United States).",
        category: "Support",
        link: "https://firesideproject.org",
        type: "tool",
      },
      {
        title: "988 Suicide & Crisis Lifeline",
        author: "988 Lifeline",
        description:
          "If you are in crisis in the United States, call or text 988 at any hour. Outside the US, call your local emergency number.",
        category: "Crisis",
        link: "https://988lifeline.org",
        type: "tool",
      },
    ],
  },
  {
    id: "visual",
    title: "Visual Teachings",
    items: [
      {
        title: "Fantastic Fungi",
        author: "Louie Schwartzberg (2019)",
        description:
          "A film about the life of fungi and the people who study them, with some of the most beautiful time-lapse ever made.",
        category: "Film",
        link: "https://fantasticfungi.com",
        type: "video",
      },
      {
        title: "Center for Psychedelic and Consciousness Research",
        author: "Johns Hopkins Medicine",
        description: "Talks and lectures from the research group behind many of the studies our articles cite.",
        category: "Talks",
        link: "https://hopkinspsychedelic.org",
        type: "video",
      },
      {
        title: "Plum Village",
        author: "Thich Nhat Hanh's community",
        description: "Guided meditations and Dharma talks on mindfulness, free to watch and follow.",
        category: "Meditation",
        link: "https://plumvillage.org",
        type: "video",
      },
      {
        title: "Ram Dass: Love Serve Remember",
        author: "Love Serve Remember Foundation",
        description: "Talks and films of Ram Dass on presence, service and the return to ordinary life.",
        category: "Talks",
        link: "https://www.ramdass.org",
        type: "video",
      },
    ],
  },
];
