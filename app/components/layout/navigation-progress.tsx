import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** A navigation quicker than this shows nothing, so fast page changes do not flash a bar. */
const SHOW_AFTER_MS = 150;
/** Screen readers hear "Loading" only for a slow page, so typing in a search box does not chatter. */
const ANNOUNCE_AFTER_MS = 1000;

function useAfter(busy: boolean, ms: number) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!busy) {
      setLate(false);
      return;
    }
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [busy, ms]);
  return late;
}

/**
 * A slim bar at the top of the window while the next page (or a form's answer) is on its way,
 * so a click is seen to have been taken. The bar is decoration (aria-hidden); a slow load is
 * announced once through a polite status region.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const shown = useAfter(busy, SHOW_AFTER_MS);
  const announced = useAfter(busy, ANNOUNCE_AFTER_MS);
  return (
    <>
      <div
        aria-hidden="true"
        data-testid="navigation-progress"
        data-state={shown ? "loading" : "idle"}
        className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity duration-200 print:hidden ${
          shown ? "opacity-100" : "opacity-0"
        }`}
      >
        {shown ? (
          <div className="nav-progress h-full rounded-full bg-gold shadow-[0_0_10px_rgb(232_196_106/0.8)]" />
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announced ? "Loading" : ""}
      </p>
    </>
  );
}
