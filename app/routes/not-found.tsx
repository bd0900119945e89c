import { data } from "react-router";
import { appContext } from "~/context";
import { loggablePath } from "~/lib/loggable-path";
import { seo, siteUrlFrom } from "~/lib/seo";
import { NotFound } from "~/root";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  // The request line records every 404 already; this one is for debugging (scanners ask for
  // /wp-login.php all day, which is no one's warning).
  handles.logger.debug({ path: loggablePath(new URL(request.url).pathname) }, "not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...seo(siteUrlFrom(matches), {
    title: "Page not found",
    description: "This path does not lead anywhere on our site.",
    path: location.pathname,
    image: "not-found",
  }),
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
