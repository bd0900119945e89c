import { LifeBuoy } from "lucide-react";
import { CRISIS_RESOURCES } from "~/modules/care/crisis";

/** Shown at once when what someone sent speaks of harm or danger (modules/care/crisis.ts). */
export function CrisisResources() {
  return (
    <section
      role="alert"
      aria-labelledby="crisis-heading"
      className="rounded-xl border border-rose-300/60 bg-rose-500/10 p-4 text-rose-50"
    >
      <h2 id="crisis-heading" className="flex items-center gap-2 font-semibold">
        <LifeBuoy aria-hidden="true" className="h-5 w-5 shrink-0" />
        {CRISIS_RESOURCES.heading}
      </h2>
      <ul className="mt-2 grid list-disc gap-1 pl-6 text-sm">
        {CRISIS_RESOURCES.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
