import { ArrowLeft } from "lucide-react";
import { Link, NavLink, Outlet } from "react-router";
import { ScrollStrip } from "~/components/console/scroll-strip";
import type { Area } from "~/components/layout/area";
import { AreaError } from "~/components/layout/area-error";
import { SignOutButton } from "~/components/layout/sign-out-button";
import { appContext, viewerContext } from "~/context";
import { errorMeta, privateMeta } from "~/lib/private-meta";
import { consoleNavFor } from "~/modules/console/nav";
import { waitingWork } from "~/modules/console/waiting.server";
import { requireStaff, requireViewer } from "../guards.server";
import type { Route } from "./+types/layout";

const CONSOLE: Area = { area: "Temple Keeper Console", home: { to: "/console", label: "Console overview" } };

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ error }) =>
  error ? errorMeta(error) : privateMeta("Temple Keeper Console");

/**
 * The console's one guard: every page, data request and form post under this layout (its CSV
 * downloads too) is for staff past the second factor; its loaders and actions read the viewer
 * from `viewerContext`. A refusal thrown here comes before any loader has run, so React Router
 * shows it in the root's boundary, which gives it this area's page (`handle`, app/root.tsx).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, url, context }) => {
    context.set(viewerContext, requireStaff(await requireViewer(request, context.get(appContext), url)));
  },
];

export const handle = { area: CONSOLE };

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  return {
    name: viewer.name,
    role: viewer.role,
    nav: consoleNavFor(viewer.role),
    waiting: await waitingWork(context.get(appContext).db),
  };
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { name, role, nav, waiting } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-24 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">Temple Keeper Console</p>
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <span className="text-mist-muted">
            {name} · {role}
          </span>
          <Link to="/dashboard" className="inline-flex items-center gap-1 text-violet-200 hover:text-gold">
            <ArrowLeft aria-hidden size={16} />
            Member area
          </Link>
          <SignOutButton />
        </div>
      </div>
      <nav aria-label="Console" className="mt-4 border-b border-violet-300/15">
        <ScrollStrip listClassName="gap-1">
          {nav.map((item) => {
            const count = item.waiting ? waiting[item.waiting] : 0;
            return (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.to === "/console"}
                  className={({ isActive }) =>
                    // The focus ring sits inside the tab: the strip that scrolls would cut one outside.
                    `flex items-center gap-2 border-b-2 px-4 py-3 text-sm whitespace-nowrap focus-visible:-outline-offset-4 ${
                      isActive ? "border-gold text-gold" : "border-transparent text-mist hover:text-violet-200"
                    }`
                  }
                >
                  {item.label}
                  {count > 0 ? (
                    <span className="rounded-full bg-gold px-2 py-0.5 text-xs font-semibold text-night-950 tabular-nums">
                      {count}
                      <span className="sr-only"> waiting</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ScrollStrip>
      </nav>
      <div className="pt-8">
        <Outlet />
      </div>
    </div>
  );
}

/** A 403, 404 or failed load inside the console: a console page with the way back, not the root error. */
export function ErrorBoundary() {
  return <AreaError {...CONSOLE} />;
}
