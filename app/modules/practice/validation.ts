import { z } from "zod/mini";
import { FLEXIBLE_MINUTES, findMeditation } from "../../content/meditations";
import { CHECKLIST } from "../../content/preparation";
import { PRACTICE_MESSAGES } from "./messages";

const checklistIds = new Set<string>(CHECKLIST.map((item) => item.id));

/** A tick or untick of one day-of checklist item. */
export const checklistSchema = z.object({
  item: z.string().check(z.refine((id) => checklistIds.has(id), PRACTICE_MESSAGES.checklistItem)),
  // The page's hidden field: "true" ticks the item, "false" unticks it.
  checked: z.enum(["true", "false"], PRACTICE_MESSAGES.tickOrUntick),
});

/** A finished sit: a known practice, at least a minute, and no longer than the practice (5 s of slack). */
export const sitSchema = z
  .object({
    intent: z.literal("complete", PRACTICE_MESSAGES.unknownAction),
    meditationId: z.string().check(z.refine((id) => findMeditation(id) !== null, PRACTICE_MESSAGES.unknownPractice)),
    seconds: z.string().check(z.regex(/^\d{1,6}$/, PRACTICE_MESSAGES.wholeSeconds)),
  })
  .check(
    z.refine(
      ({ meditationId, seconds }) => {
        const longest = (findMeditation(meditationId)?.minutes ?? Math.max(...FLEXIBLE_MINUTES)) * 60;
        return Number(seconds) >= 60 && Number(seconds) <= longest + 5;
      },
      { message: PRACTICE_MESSAGES.sitLength, path: ["seconds"] },
    ),
  );
