/**
 * The readiness quiz (as the spec sets it): seven questions of four options each, on motivation, experience,
 * present state, support wanted, readiness, practice and hoped transformation. The stored answer
 * is the option's text, as SPEC.md's record keeps it.
 */

export interface QuizQuestion {
  id: "q1" | "q2" | "q3" | "q4" | "q5" | "q6" | "q7";
  topic: string;
  prompt: string;
  options: readonly [string, string, string, string];
}

export const quizQuestions: ReadonlyArray<QuizQuestion> = [
  {
    id: "q1",
    topic: "Motivation",
    prompt: "What draws you to this path right now?",
    options: [
      "Curiosity about consciousness and the sacred",
      "A longing for healing from something I carry",
      "A wish to deepen a spiritual practice I already have",
      "I feel called, but I cannot yet name why",
    ],
  },
  {
    id: "q2",
    topic: "Experience",
    prompt: "How much experience do you have with expanded states of consciousness?",
    options: [
      "None at all",
      "Some, through meditation, breathwork or prayer",
      "One or two journeys with sacred plants or medicines",
      "Many journeys, and I have worked to integrate them",
    ],
  },
  {
    id: "q3",
    topic: "Present state",
    prompt: "How would you describe your emotional life these days?",
    options: [
      "Mostly steady, with ordinary ups and downs",
      "A hard season, but I have my footing",
      "Grieving, or in the middle of a major life change",
      "In crisis: I often feel overwhelmed or unsafe",
    ],
  },
  {
    id: "q4",
    topic: "Support",
    prompt: "What kind of support would help you most now?",
    options: [
      "Clear information I can read at my own pace",
      "A conversation with a guide before I decide anything",
      "Steady companionship over several weeks",
      "A full ceremony with preparation and integration",
    ],
  },
  {
    id: "q5",
    topic: "Readiness",
    prompt: "How ready do you feel to meet whatever arises, including difficult feelings or memories?",
    options: [
      "I would like to understand more before I begin",
      "Somewhat ready, with a guide beside me",
      "Ready, and I know that surrender takes practice",
      "Deeply ready; I have prepared for a long time",
    ],
  },
  {
    id: "q6",
    topic: "Practice",
    prompt: "Do you keep a regular contemplative practice (meditation, prayer, journaling)?",
    options: ["Not yet", "Now and then", "A few times a week", "Daily, for a year or more"],
  },
  {
    id: "q7",
    topic: "Transformation",
    prompt: "What transformation do you most hope for?",
    options: [
      "Inner peace and a quieter mind",
      "Healing old wounds",
      "Creative and spiritual renewal",
      "A deeper sense of connection and purpose",
    ],
  },
];

export type RecommendationKey = "care-first" | "preparation" | "subtle-path" | "divine-journey";

export interface Recommendation {
  key: RecommendationKey;
  title: string;
  message: string;
  nextStep: { label: string; href: string };
}

export const recommendations: Record<RecommendationKey, Recommendation> = {
  "care-first": {
    key: "care-first",
    title: "Begin with Care and Support",
    message:
      "Thank you for answering honestly. When life feels overwhelming, the kindest first step is steady human support rather than a ceremony. Please reach out to a licensed professional you trust; if you are in danger, call or text 988 in the United States or your local emergency number. When you feel ready, a Temple Keeper will gladly talk with you, with no expectation of anything more.",
    nextStep: { label: "Write to a Temple Keeper", href: "/contact" },
  },
  preparation: {
    key: "preparation",
    title: "Begin with a Preparation Session",
    message:
      "Your answers suggest starting where everyone starts: a 45-minute conversation with a guide. You can bring every question, and together you will see whether mentorship or, later, a ceremony is right for you. Meanwhile, a few minutes of daily stillness is the best preparation there is.",
    nextStep: { label: "Book a Preparation Session", href: "/start-your-journey#offer-preparation" },
  },
  "subtle-path": {
    key: "subtle-path",
    title: "Walk the Subtle Path",
    message:
      "You seem ready for steady companionship: four weeks with a mentor, weekly check-ins and a practice that grows with you. The Subtle Path is offered after a Preparation Session (or an approved intake), so that your mentor already knows your story.",
    nextStep: { label: "Start with a Preparation Session", href: "/start-your-journey#offer-preparation" },
  },
  "divine-journey": {
    key: "divine-journey",
    title: "Apply for the Divine Journey",
    message:
      "Your experience, practice and readiness suggest you may be ready to apply for a full ceremony. Ceremonies are paused while we seek a religious-freedom exemption; you can still apply, and a Temple Keeper will review your intake within 48 hours and place you on our waitlist if it is a good fit.",
    nextStep: { label: "Begin your application", href: "/heroic-application" },
  },
};
