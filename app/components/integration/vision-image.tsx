import { sacredGeometrySvg } from "~/lib/art";

/** A generated vision: our sacred-geometry art, seeded by the words (no text of the member's is drawn into it). */
export function visionSvg(seed: string): string {
  return sacredGeometrySvg(seed, 800, 800);
}

export function VisionImage({ seed, label }: { seed: string; label: string }) {
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(visionSvg(seed))}`}
      alt={label}
      width="800"
      height="800"
      className="w-full rounded-xl"
    />
  );
}
