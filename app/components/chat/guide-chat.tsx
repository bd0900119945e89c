import { MessageCircle } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";

const loadPanel = () => import("./guide-chat-panel");
const GuideChatPanel = lazy(loadPanel);

/**
 * The guide chat (SPEC.md "Chat widget"): a round launcher, or the open panel. The panel's
 * code loads on first use so it stays out of the page's first download.
 */
export function GuideChat() {
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back to where the visitor was, so keyboard users do not lose their place.
    requestAnimationFrame(() => launcher.current?.focus());
  };
  return (
    <div className="fixed right-4 bottom-4 z-30 sm:right-6 sm:bottom-6 print:hidden">
      {open ? (
        <Suspense fallback={null}>
          <GuideChatPanel onClose={close} />
        </Suspense>
      ) : (
        <button
          ref={launcher}
          type="button"
          aria-label="Open chat with a guide"
          aria-haspopup="dialog"
          className="grid h-14 w-14 place-items-center rounded-full bg-gold text-night-950 shadow-lg shadow-black/40 transition hover:scale-105 focus-visible:outline-offset-4"
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          onClick={() => setOpen(true)}
        >
          <MessageCircle aria-hidden="true" className="h-6 w-6" />
        </button>
      )}
    </div>
  );
}
