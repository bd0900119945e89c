import { z } from "zod/mini";
import { FOLLOW_UP_MESSAGES } from "./messages";
import { WHO5_ITEMS } from "./who5";

/** The radio fields of the five statements: q1 to q5. */
export const WHO5_FIELDS = WHO5_ITEMS.map((_, i) => `q${i + 1}`) as ["q1", "q2", "q3", "q4", "q5"];

const points = z.enum(["0", "1", "2", "3", "4", "5"], FOLLOW_UP_MESSAGES.choose);

export const followUpSchema = z.object({
  q1: points,
  q2: points,
  q3: points,
  q4: points,
  q5: points,
  note: z.string().check(z.trim(), z.maxLength(5000, FOLLOW_UP_MESSAGES.noteLong)),
});
export type FollowUpInput = z.infer<typeof followUpSchema>;

/** The short check-in before two weeks have passed (who5.ts, `checkInKind`): the member's own words, required. */
export const shortCheckInSchema = z.object({
  note: z
    .string()
    .check(z.trim(), z.minLength(1, FOLLOW_UP_MESSAGES.noteMissing), z.maxLength(5000, FOLLOW_UP_MESSAGES.noteLong)),
});

/** A keeper marking a waiting follow-up done. */
export const settleSchema = z.object({
  followUpId: z.string().check(z.regex(/^\d{1,9}$/, "Please choose a follow-up.")),
});
