import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A route that decides its own reloading (`shouldRevalidate`) writes it
 * `export const shouldRevalidate = unlessRefused(rule)`: after a form's refusal or failure (an
 * answer of 400 or more, a lost connection, the database out of reach) no data is reloaded, and
 * `rule` decides everything else. Reloading then would change nothing the refusal did not, and
 * during an outage it fails and replaces the page, with everything the person wrote in its forms,
 * by "We could not load this page" (issue 45). React Router's default keeps to this already; a
 * rule of a route's own (the member area's "always") would not. The architecture test holds every
 * route to it.
 */
export function unlessRefused(rule: (args: ShouldRevalidateFunctionArgs) => boolean) {
  return (args: ShouldRevalidateFunctionArgs) =>
    args.actionStatus !== undefined && args.actionStatus >= 400 ? false : rule(args);
}
