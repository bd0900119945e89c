import { PauseCircle } from "lucide-react";
import { CEREMONY_MESSAGES } from "~/modules/ceremonies/messages";

/** Said on every keepers' ceremony page while CEREMONIES is paused. */
export function PausedBanner({ paused }: { paused: boolean }) {
  if (!paused) return null;
  return (
    <p role="note" className="mt-4 flex items-start gap-3 rounded-xl border border-gold/40 bg-gold/10 p-4 text-mist">
      <PauseCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-gold" />
      <span>
        <strong className="font-semibold">Paused. </strong>
        {CEREMONY_MESSAGES.paused} An administrator opens them with the setting CEREMONIES=open.
      </span>
    </p>
  );
}
