import { useEffect, useRef } from "react";
import { isRouteErrorResponse, useLocation, useRevalidator } from "react-router";
import { site } from "~/lib/site";

/** How browsers word a fetch or module load that never got an answer (Chrome, Firefox, Safari), and a non-React Router body. */
const NOT_ARRIVED =
  /failed to fetch|networkerror|load failed|dynamically imported module|importing a module script failed|turbo-stream/i;

/**
 * Whether a route error means "the page's data did not arrive" rather than a fault in the page:
 * the `.data` request or a route module never answered, the server or a proxy answered
 * 502/503/504 (the outage page), or the answer was not React Router's own format. Such an error
 * is worth a retry; anything else (a bug, a 500) keeps the error screen.
 */
export function isLoadFailure(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return [502, 503, 504].includes(error.status);
  return error instanceof Error && NOT_ARRIVED.test(error.message);
}

/**
 * Shown in the page's area (the header and footer stay) when the next page could not be loaded.
 * Retry reloads the same URL's data; without JavaScript the form asks for the same page again.
 */
export function LoadFailure() {
  const location = useLocation();
  const revalidator = useRevalidator();
  const heading = useRef<HTMLHeadingElement>(null);
  const retrying = revalidator.state === "loading";
  // Move focus to the message: the page the visitor asked for did not come, and they should hear why.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="load-failure-h" className="mx-auto max-w-2xl px-4 py-32 text-center">
      {/* The page's own meta did not run (its data never came), so the tab says what happened. */}
      <title>{`Page not loaded | ${site.name}`}</title>
      <h1 id="load-failure-h" ref={heading} tabIndex={-1} className="font-serif text-4xl outline-none">
        We could not load this page.
      </h1>
      <p className="mt-4 text-mist-muted">Check your connection and try again.</p>
      <form
        method="get"
        action={location.pathname}
        className="mt-8"
        onSubmit={(event) => {
          event.preventDefault();
          revalidator.revalidate();
        }}
      >
        {[...new URLSearchParams(location.search)].map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn-gold" disabled={retrying}>
          {retrying ? "Retrying..." : "Retry"}
        </button>
      </form>
    </section>
  );
}
