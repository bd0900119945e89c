import { privateMeta } from "~/lib/private-meta";
import type { Area } from "./area";
import { AreaError } from "./area-error";

/**
 * An area's 403 when its guard refused before any loader ran, shown by the root's boundary: the
 * area's own page and head (lib/private-meta). Loaded only when needed (root.tsx), so the public
 * pages' first download does not carry it.
 */
export default function AreaRefusal(area: Area) {
  const head = privateMeta("Not open to you").map((tag) => {
    const { name, content, title: text } = tag as { name?: string; content?: string; title?: string };
    return name ? <meta key={name} name={name} content={content} /> : <title key="title">{text}</title>;
  });
  return (
    <>
      {head}
      <AreaError {...area} />
    </>
  );
}
