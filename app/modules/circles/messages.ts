/** The circles' words: the keepers' form, and what a member is told (browser-safe). */
export const CIRCLE_MESSAGES = {
  title: "Please give the circle a title.",
  titleLong: "Please keep the title under 120 characters.",
  description: "Please describe the circle.",
  descriptionLong: "Please keep the description under 2000 characters.",
  day: "Please choose a date.",
  time: "Please choose a time.",
  past: "Please choose a time in the future.",
  minutes: "Please give a length between 15 and 240 minutes.",
  capacity: "Please give a number of places between 1 and 200.",
  videoUrl: "Please give the video link, starting with https://.",
  gone: "This circle has already taken place or was cancelled.",
  notSaved: { title: "Not saved", description: "Your change could not be saved. Please try again." },
  done: {
    joined: "You have a place. We emailed you the details and a calendar file.",
    waitlisted: "The circle is full: you are on its waitlist. We will email you if a place opens.",
    left: "You have left the circle.",
  },
} as const;
