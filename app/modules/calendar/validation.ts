import { z } from "zod/mini";
import { CHECKIN_CHOICES } from "./checkin-choices";
import { CALENDAR_MESSAGES } from "./messages";

/** The daily check-in: one of SPEC.md's six feelings (the button pressed). */
export const checkinSchema = z.object({
  emotion: z.enum(CHECKIN_CHOICES.map((c) => c.label) as [string, ...string[]], CALENDAR_MESSAGES.feeling),
});
