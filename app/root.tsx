import { lazy, type ReactNode, Suspense } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useArea } from "./components/layout/area";
import { isLoadFailure, LoadFailure } from "./components/layout/load-failure";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { Toaster } from "./components/ui/toaster";
import { appContext } from "./context";
import { publicEnv } from "./env.server";

export function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  return publicEnv(handles.env);
}

export const links: Route.LinksFunction = () => [
  // favicon.ico for software that asks for it by name; the SVG for browsers; the PNGs for phones' home screens.
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  { rel: "alternate", type: "application/rss+xml", title: "The Magic", href: "/magic/feed.xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07061a" />
        {/* A stylesheet with a precedence is one React writes first in the head, before the 24 or so
            module preloads the scripts bring: the first paint needs it and none of them. */}
        <link rel="stylesheet" href={stylesheet} precedence="app" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-gold px-4 py-2 font-semibold text-night-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <SiteHeader />
        <main id="main" tabIndex={-1} className="pt-16 outline-none print:pt-0">
          {children}
        </main>
        <SiteFooter />
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * An error page's title, never indexed. Rendered in the page (React puts it in the head) rather
 * than by a root `meta`, so every page's script stays as small as it was; the member and console
 * areas name theirs with lib/private-meta.
 */
function ErrorHead({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Sacred Path Congregation`}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}

/** An area's refusal, in its own chunk: the public pages' first download stays small. */
const AreaRefusal = lazy(() => import("./components/layout/area-refusal"));

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-32 text-center">
      <p className="font-serif text-7xl text-violet-300">404</p>
      <h1 className="mt-4 font-serif text-4xl">Oops! Page not found</h1>
      <p className="mt-4 text-mist-muted">The path you followed does not lead anywhere on this site.</p>
      <Link to="/" className="btn-gold mt-8">
        Return to Home
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const area = useArea();
  // An area's guard (the console layout's middleware) refuses before any loader has run, so React
  // Router brings the refusal here, not to the area's boundary: it gets the area's page all the same.
  if (area && isRouteErrorResponse(error) && error.status === 403) {
    return (
      <Suspense fallback={null}>
        <AreaRefusal {...area} />
      </Suspense>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <ErrorHead title="Page not found" />
        <NotFound />
      </>
    );
  }
  // A link followed while the server or the connection is down: a retry in the page's area, not the error screen.
  if (isLoadFailure(error)) return <LoadFailure />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? error.statusText || "Something went wrong."
    : import.meta.env.DEV && error instanceof Error
      ? error.message
      : "Something went wrong on our side. Please try again in a moment.";
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-32 text-center">
      <ErrorHead title="Something went wrong" />
      <h1 className="font-serif text-4xl">Unexpected Application Error!</h1>
      <p className="mt-4 text-2xl text-violet-300">{status}</p>
      <p className="mt-2 text-mist-muted">{message}</p>
      {stack ? <pre className="mt-6 overflow-auto text-left text-xs text-mist-muted">{stack}</pre> : null}
      <Link to="/" className="btn-gold mt-8">
        Return to Home
      </Link>
    </section>
  );
}
