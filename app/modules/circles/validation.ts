import { z } from "zod/mini";
import { isDay } from "~/lib/dates";
import { CIRCLE_MESSAGES as M } from "./messages";

const wholeIn = (min: number, max: number, message: string) =>
  z.string().check(z.refine((v) => /^\d{1,4}$/.test(v) && Number(v) >= min && Number(v) <= max, message));

/** The keepers' circle form: the time is read in the keeper's own time zone. */
export const circleSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, M.title), z.maxLength(120, M.titleLong)),
  description: z.string().check(z.trim(), z.minLength(1, M.description), z.maxLength(2000, M.descriptionLong)),
  day: z.string().check(z.refine(isDay, M.day)),
  time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.time)),
  minutes: wholeIn(15, 240, M.minutes),
  capacity: wholeIn(1, 200, M.capacity),
  videoUrl: z.string().check(
    z.trim(),
    z.maxLength(500, M.videoUrl),
    z.refine((v) => URL.canParse(v) && new URL(v).protocol === "https:", M.videoUrl),
  ),
});
export type CircleForm = z.infer<typeof circleSchema>;
