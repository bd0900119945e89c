/*
 * The WHO-5 Wellbeing Index (World Health Organization, 1998; public, free to use): five statements
 * about the last two weeks, each answered on a six-point scale. The raw score (0–25) times four is
 * a percentage; below 52 suggests poor wellbeing and 28 or below calls for a closer look (Topp, Østergaard,
 * Søndergaard & Bech, "The WHO-5 Well-Being Index: a systematic review of the literature",
 * Psychotherapy and Psychosomatics 84 (2015) 167–176). It is a sign for a conversation, never a
 * diagnosis. Browser-safe.
 */

export const WHO5_INTRO = "Over the last two weeks:";

export const WHO5_ITEMS = [
  "I have felt cheerful and in good spirits",
  "I have felt calm and relaxed",
  "I have felt active and vigorous",
  "I woke up feeling fresh and rested",
  "My daily life has been filled with things that interest me",
] as const;

/** The answers, most often first, with the points each is worth. */
export const WHO5_SCALE = [
  { points: 5, label: "All of the time" },
  { points: 4, label: "Most of the time" },
  { points: 3, label: "More than half of the time" },
  { points: 2, label: "Less than half of the time" },
  { points: 1, label: "Some of the time" },
  { points: 0, label: "At no time" },
] as const;

/**
 * The WHO-5 asks about the last two weeks: asked sooner after a session, those weeks would be
 * mostly before it. A check-in due earlier than this is a short one instead: how the member is
 * since the session, in their own words (with the same crisis path), and no score.
 */
export const WHO5_WINDOW_DAYS = 14;

export type CheckInKind = "short" | "who5";

/** Which check-in comes this many days after a session. */
export const checkInKind = (days: number): CheckInKind => (days >= WHO5_WINDOW_DAYS ? "who5" : "short");

/** The short check-in's one question (its answer is required: it is the whole check-in). */
export const SHORT_QUESTION = "How are you, since your session? In your own words, as much or as little as you like.";

/** The one free-text question that goes with the WHO-5. */
export const FOLLOW_UP_QUESTION =
  "Since your session, what has stayed with you, and is there anything you would like support with?";

/** A percentage below this is a low score: a keeper reaches out. */
export const LOW_SCORE = 52;
/** At or below this, the reaching out is urgent. */
export const VERY_LOW_SCORE = 28;

/** The WHO-5 percentage (0–100) of five answers of 0–5 points. */
export function who5Percent(points: readonly number[]): number {
  return points.reduce((sum, p) => sum + p, 0) * 4;
}

/** "2 days", "2 weeks", "3 months": how long after the session a check-in comes. */
export function afterSession(days: number): string {
  if (days >= 60 || days % 30 === 0) {
    const months = Math.round(days / 30);
    return `${months} month${months === 1 ? "" : "s"}`;
  }
  if (days % 7 === 0) return `${days / 7} week${days === 7 ? "" : "s"}`;
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** A check-in's name: "Your check-in, 2 weeks after your session". */
export const checkInTitle = (days: number) => `Your check-in, ${afterSession(days)} after your session`;
