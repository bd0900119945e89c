import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isAbortRejection } from "./lib/aborted";

// React Router's default browser entry, with one addition. When a navigation supersedes another
// (a link followed while a page revalidates after a save), the router aborts the older request.
// If that response had begun to arrive, React Router's stream decoder leaves two promises without
// a handler (`decode().done` in its vendored turbo-stream; remix-run/react-router#14203, #14761),
// and the browser reports each as an uncaught "signal is aborted without reason". A request we
// cancelled on purpose is not an error: those, and only those, are marked handled here.
window.addEventListener("unhandledrejection", (event) => {
  if (isAbortRejection(event.reason)) event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
