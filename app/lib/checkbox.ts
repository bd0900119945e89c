import { z } from "zod/mini";

export const CHECKBOX_MESSAGE = "Please tick the box or leave it empty.";

/**
 * A checkbox in a form schema: ticked or not, as a boolean. A browser sends a ticked box's value
 * ("on") and nothing for an unticked one, which `formInput` reads as "" so that every field the
 * schema names is present. Any other value was not sent by the box: it is refused (issue 30).
 */
export const checkbox = () =>
  z.pipe(
    z.optional(z.string().check(z.refine((value) => value === "" || value === "on", CHECKBOX_MESSAGE))),
    z.transform((value) => Boolean(value)),
  );
