import { data } from "react-router";
import { handbookImage } from "~/modules/handbook/handbook.server";
import type { Route } from "./+types/help-image";

/**
 * A handbook screenshot (docs/keepers/images/), for staff only: the console layout's guard runs first.
 * Only the names bundled into the build are served; the pictures show the console, so no shared cache keeps them.
 */
export function loader({ params }: Route.LoaderArgs) {
  const image = handbookImage(params.file);
  if (!image) throw data(null, { status: 404 });
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.type,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": "private, max-age=3600",
    },
  });
}
