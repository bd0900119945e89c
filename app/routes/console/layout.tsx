import { NavLink, Outlet, useLoaderData } from "react-router";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/modules/accounts/session.server";
import { consoleNavFor } from "~/modules/console/nav";
import type { Route } from "./+types/layout";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privateMeta("Temple Keeper Console");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  return { name: viewer.name, role: viewer.role, nav: consoleNavFor(viewer.role) };
}

export default function ConsoleLayout() {
  const { name, role, nav } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-24 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">Temple Keeper Console</p>
        <p className="text-sm text-mist-muted">
          {name} · {role}
        </p>
      </div>
      <nav aria-label="Console" className="mt-4 overflow-x-auto border-b border-violet-300/15">
        <ul className="flex gap-1">
          {nav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/console"}
                className={({ isActive }) =>
                  `block border-b-2 px-4 py-3 text-sm whitespace-nowrap ${
                    isActive ? "border-gold text-gold" : "border-transparent text-mist hover:text-violet-200"
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-8">
        <Outlet />
      </div>
    </div>
  );
}
