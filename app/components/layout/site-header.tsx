import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { site } from "~/lib/site";

const links = [
  { to: "/magic", label: "The Magic" },
  { to: "/the-invitation", label: "The Calling", also: ["/the-calling"] },
] as const;

function linkClass(active: boolean) {
  return `rounded-full px-4 py-2 text-sm font-medium transition-colors ${
    active ? "text-violet-300" : "text-mist hover:text-violet-200"
  }`;
}

/** Fixed top navigation of SPEC.md section 2. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Close the phone menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => setOpen(false), [location.pathname]);

  const isActive = (to: string, also: ReadonlyArray<string> = []) =>
    [to, ...also].some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));
  const servicesActive = isActive("/services", ["/sacred-access"]);

  const items = (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            className={() => linkClass(isActive(link.to, "also" in link ? link.also : []))}
            aria-current={isActive(link.to, "also" in link ? link.also : []) ? "page" : undefined}
          >
            {link.label}
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink
          to="/services"
          aria-current={servicesActive ? "page" : undefined}
          className={() =>
            `rounded-full border px-4 py-2 text-sm font-semibold transition hover:border-gold hover:text-gold hover:shadow-[0_0_18px_rgb(232_196_106/0.55)] ${
              servicesActive
                ? "border-gold text-violet-300 shadow-[0_0_18px_rgb(232_196_106/0.55)]"
                : "border-violet-300/40 text-mist"
            }`
          }
        >
          The Sacred Access
        </NavLink>
      </li>
    </>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-violet-300/10 bg-night-950/85 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-serif text-2xl font-semibold tracking-wide text-mist">
          <img src="/favicon.svg" alt="" width="32" height="32" className="h-8 w-8" />
          <span>{site.shortName}</span>
        </Link>
        <ul className="hidden items-center gap-2 md:flex">{items}</ul>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-mist md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
        </button>
      </nav>
      <ul
        id="mobile-menu"
        hidden={!open}
        className="flex flex-col gap-2 border-t border-violet-300/10 bg-night-950 px-4 py-4 md:hidden"
      >
        {items}
      </ul>
    </header>
  );
}
