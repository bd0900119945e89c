import { z } from "zod/mini";
import { CHECKIN_CHOICES } from "./checkin-choices";

/** The daily check-in: one of SPEC.md's six feelings (the button pressed). */
export const checkinSchema = z.object({
  emotion: z.enum(
    CHECKIN_CHOICES.map((c) => c.label) as [string, ...string[]],
    "Please choose one of the six feelings.",
  ),
});

/** What the check-in says when its answer did not arrive. */
export const CHECKIN_NOT_SAVED = {
  title: "Check-in not saved",
  description: "Your check-in could not be saved just now. Please try again.",
};
