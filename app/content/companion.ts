/** Spirit Companion content (the spec: 4 daily practices, 8 reflection prompts). Ids are stored: never reuse one. */
export const DAILY_PRACTICES = [
  {
    id: "morning-stillness",
    title: "Morning Stillness",
    duration: "10 minutes",
    description: "Sit quietly before the day begins and follow your breath.",
  },
  {
    id: "gratitude",
    title: "Three Gratitudes",
    duration: "5 minutes",
    description: "Write down three things you are grateful for, however small.",
  },
  {
    id: "mindful-walk",
    title: "Mindful Walk",
    duration: "15 minutes",
    description: "Walk slowly outside, feeling each step and noticing what is around you.",
  },
  {
    id: "evening-reflection",
    title: "Evening Reflection",
    duration: "10 minutes",
    description: "Before sleep, recall one moment of the day that asked something of you.",
  },
] as const;

export const REFLECTION_PROMPTS = [
  "What did your last ceremony or practice ask you to let go of?",
  "Where in your body do you feel most at home today?",
  "Which old story about yourself feels less true than it used to?",
  "What would you do this week if you trusted yourself completely?",
  "Who has helped you on this path, and how might you thank them?",
  "What is one small way you can honour an insight today?",
  "When did you last feel deeply connected, and what made it possible?",
  "What are you still carrying that is not yours to carry?",
] as const;

export const INSIGHT_CATEGORIES = ["reflection", "conversation", "practice", "vision"] as const;
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];
