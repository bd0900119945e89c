import { z } from "zod/mini";

/**
 * A checkbox in a form schema: ticked or not, as a boolean. A browser sends a ticked box's value
 * ("on") and nothing for an unticked one, which `formInput` reads as "" so that every field the
 * schema names is present; any non-empty value is ticked.
 */
export const checkbox = () =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value) => Boolean(value)),
  );
