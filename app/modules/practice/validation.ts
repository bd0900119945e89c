import { z } from "zod/mini";
import { FLEXIBLE_MINUTES, findMeditation } from "../../content/meditations";
import { CHECKLIST } from "../../content/preparation";

const checklistIds = new Set<string>(CHECKLIST.map((item) => item.id));

/** A tick or untick of one day-of checklist item. */
export const checklistSchema = z.object({
  item: z.string().check(z.refine((id) => checklistIds.has(id), "Unknown checklist item.")),
  checked: z.string(),
});

/** What the checklist says when a tick did not arrive. */
export const CHECKLIST_NOT_SAVED = {
  title: "Checklist not saved",
  description: "Your checklist could not be saved just now. Please try again.",
};

/** A finished sit: a known practice, at least a minute, and no longer than the practice (5 s of slack). */
export const sitSchema = z
  .object({
    intent: z.literal("complete", "Unknown action."),
    meditationId: z.string().check(z.refine((id) => findMeditation(id) !== null, "Unknown practice.")),
    seconds: z.string().check(z.regex(/^\d{1,6}$/, "A sit is counted in whole seconds.")),
  })
  .check(
    z.refine(
      ({ meditationId, seconds }) => {
        const longest = (findMeditation(meditationId)?.minutes ?? Math.max(...FLEXIBLE_MINUTES)) * 60;
        return Number(seconds) >= 60 && Number(seconds) <= longest + 5;
      },
      { message: "A sit lasts from a minute to the practice's length.", path: ["seconds"] },
    ),
  );

export const SIT_NOT_SAVED = {
  title: "Sit not recorded",
  description: "Your sit could not be recorded just now. Please try again.",
};
