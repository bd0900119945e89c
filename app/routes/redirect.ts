import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/** Permanent aliases (DESIGN.md "Decisions"). */
export const aliases: Record<string, string> = {
  "/session-calendar": "/calendar",
  "/integration-sessions": "/integration",
  "/guided-meditations": "/meditations",
  "/sacred-resources": "/resources",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = aliases[url.pathname.replace(/\/$/, "")];
  if (!target) throw new Response("Not Found", { status: 404 });
  return redirect(target, 301);
}
