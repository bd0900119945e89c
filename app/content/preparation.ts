/**
 * The preparation guide (SPEC.md "Preparation guide"): four sections of four tips, and the
 * day-of checklist of ten items. Item ids are stored with a member's ticks: never reuse one.
 */
export interface PrepSection {
  id: string;
  title: string;
  intro: string;
  tips: ReadonlyArray<{ title: string; text: string }>;
}

export const PREPARATION_SECTIONS: ReadonlyArray<PrepSection> = [
  {
    id: "spiritual",
    title: "Spiritual Preparation",
    intro: "The weeks before a ceremony are part of it. What you tend now, you bring with you.",
    tips: [
      {
        title: "Set an intention, then hold it loosely",
        text: "Write one or two sentences about why you come: a question, a wound, a gratitude. Read them each morning. In ceremony, let the intention guide you without demanding an answer; what arrives is often not what was asked for.",
      },
      {
        title: "Begin a daily practice",
        text: "Ten to twenty minutes of stillness a day, sitting, walking or breathing, trains the attention you will rely on. The guided meditations in your member area are made for these weeks.",
      },
      {
        title: "Tend your relationships",
        text: "Where you can, make peace with what is unsettled: a call you have put off, an apology, a thank-you. Unfinished business has a way of taking a seat in the circle.",
      },
      {
        title: "Keep a journal",
        text: "Note dreams, moods and what keeps returning to your mind. These notes help your facilitator understand you, and they give you something to compare with afterwards.",
      },
    ],
  },
  {
    id: "environmental",
    title: "Environmental Preparation",
    intro: "Arrange your outer life so that your inner life has room.",
    tips: [
      {
        title: "Clear the days around the ceremony",
        text: "Keep the day before and at least two days after free of work, travel and obligations. Integration needs time, and a rushed return can undo much of what opened.",
      },
      {
        title: "Arrange your travel home",
        text: "Do not plan to drive on the day of the ceremony or the morning after. Arrange a ride, or stay close by, and tell one trusted person where you will be.",
      },
      {
        title: "Prepare a resting place",
        text: "Before you leave, make your home ready to return to: clean sheets, simple food in the kitchen, your phone set to silence. Small comforts matter when you are tender.",
      },
      {
        title: "Reduce input",
        text: "In the last week, step back from news, social media and loud entertainment. Spend time outside. Quiet makes it easier to hear what comes.",
      },
    ],
  },
  {
    id: "dietary",
    title: "Dietary Preparation",
    intro: "Simple, light eating supports the body. Medical questions always go to your own doctor first.",
    tips: [
      {
        title: "Eat simply for a few days",
        text: "In the three days before, favour fresh vegetables, fruit, grains and water. Go easy on heavy, fried, very salty or very sweet foods, and on caffeine.",
      },
      {
        title: "Avoid alcohol and recreational drugs",
        text: "Abstain from alcohol and any recreational substances for at least a week before and after. They cloud the experience and can interact in ways that are not safe.",
      },
      {
        title: "Tell us about every medication",
        text: "Some medicines, including many antidepressants (SSRIs, SNRIs, MAOIs), lithium, and some heart and blood-pressure drugs, can interact dangerously. Record them in your medical record and never stop a prescribed medication without your prescriber's guidance.",
      },
      {
        title: "Arrive with a light stomach",
        text: "On the day, eat a light meal at least four to six hours before the ceremony, and drink water through the day. Your facilitator will confirm the exact timing.",
      },
    ],
  },
  {
    id: "mental",
    title: "Mental Preparation",
    intro: "You cannot plan an experience like this, but you can prepare how you meet it.",
    tips: [
      {
        title: "Learn to breathe through difficulty",
        text: "Practise slow breathing: in for four counts, out for six. When something hard arises, in ceremony or before, your breath is the first thing you can return to.",
      },
      {
        title: "Expect the unexpected",
        text: "Difficult moments are common and often meaningful. The guidance that has helped many is simple: trust, let go, be open. Move towards what frightens you, and ask for support when you need it.",
      },
      {
        title: "Know your support",
        text: "Your facilitator stays with the circle throughout. Before the day, agree with one person at home that you may call them afterwards, and know how to reach your integration guide.",
      },
      {
        title: "Be honest about your state",
        text: "If you are in crisis, grieving acutely, or your mental health has changed since your application, tell your facilitator. Postponing is always possible and never a failure.",
      },
    ],
  },
];

export const CHECKLIST: ReadonlyArray<{ id: string; text: string }> = [
  { id: "intention", text: "Read your written intention once more" },
  { id: "fasting", text: "Ate a light meal at least four hours ago" },
  { id: "water", text: "Drank enough water through the day" },
  { id: "medications", text: "Confirmed medications with your facilitator" },
  { id: "clothing", text: "Comfortable, warm, layered clothing packed" },
  { id: "comfort", text: "Blanket, eye mask and a small pillow packed" },
  { id: "journal", text: "Journal and pen packed for afterwards" },
  { id: "transport", text: "Ride home arranged; no driving today" },
  { id: "contact", text: "A trusted person knows where you are" },
  { id: "phone", text: "Phone on silence and put away" },
];
