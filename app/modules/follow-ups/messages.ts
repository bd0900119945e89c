/** The follow-up check-in's words (browser-safe, no zod, for the first download). */
export const FOLLOW_UP_MESSAGES = {
  choose: "Please choose an answer.",
  noteMissing: "Please write a few words about how you are.",
  noteLong: "Please keep this under 5000 characters.",
  notSaved: "Your answers could not be saved. Please try again.",
  answeredAlready: "You have answered this check-in already. Thank you.",
  early: "This check-in is not open yet.",
  lapsed:
    "This check-in has closed: each one stays open for two weeks. The next will come by email, and you can write to a Temple Keeper at any time.",
  thanks: "Thank you. Your answers are saved, and only you can see them.",
} as const;
