import { redirect } from "react-router";
import { appContext } from "~/context";
import { signOut } from "~/modules/accounts/sign-in.server";
import type { Route } from "./+types/sign-out";

/** POST only (no state change on GET): ends the session row on the server and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const headers = await signOut(request, handles);
  throw redirect("/sacred-access", { headers });
}

export function loader() {
  throw redirect("/dashboard");
}
