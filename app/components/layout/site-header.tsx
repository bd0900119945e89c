import { Menu, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { site } from "~/lib/site";

const links = [
  { to: "/magic", label: "The Magic", also: [] },
  { to: "/the-invitation", label: "The Calling", also: ["/the-calling"] },
] as const;

function linkClass(active: boolean) {
  return `rounded-full px-4 py-2 text-sm font-medium transition-colors ${
    active ? "text-violet-300" : "text-mist hover:text-violet-200"
  }`;
}

const menuButtonClass = "inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full text-mist";
const menuListClass = "flex flex-col gap-2 border-t border-violet-300/10 bg-night-950 px-4 py-4 md:hidden";

/**
 * The spec's fixed top navigation, on every page. The phone menu is a <details> until JavaScript
 * runs, so it opens on a phone without it; then a button with aria-expanded that closes on
 * navigation and on Escape takes over (an open <details> stays open across the swap).
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useLayoutEffect(() => {
    setOpen(details.current?.open ?? false);
    setHydrated(true);
  }, []);
  // Close the phone menu after navigating (not on the first render, which keeps a menu opened before JavaScript).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Aliases (/the-calling, /sacred-access) count as the link's page, for the colour and for
  // aria-current alike; NavLink would only mark its own path, so plain Links carry both.
  const isActive = (to: string, also: ReadonlyArray<string>) =>
    [to, ...also].some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));
  const servicesActive = isActive("/services", ["/sacred-access"]);

  const items = (
    <>
      {links.map((link) => {
        const active = isActive(link.to, link.also);
        return (
          <li key={link.to}>
            <Link to={link.to} className={linkClass(active)} aria-current={active ? "page" : undefined}>
              {link.label}
            </Link>
          </li>
        );
      })}
      <li>
        <Link
          to="/services"
          aria-current={servicesActive ? "page" : undefined}
          className={`rounded-full border px-4 py-2 text-sm font-semibold transition hover:border-gold hover:text-gold hover:shadow-[0_0_18px_rgb(232_196_106/0.55)] ${
            servicesActive
              ? "border-gold text-violet-300 shadow-[0_0_18px_rgb(232_196_106/0.55)]"
              : "border-violet-300/40 text-mist"
          }`}
        >
          The Sacred Access
        </Link>
      </li>
    </>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-violet-300/10 bg-night-950/85 backdrop-blur print:hidden">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-serif text-2xl font-semibold tracking-wide text-mist">
          <img src="/favicon.svg" alt="" width="32" height="32" className="h-8 w-8" />
          <span>{site.shortName}</span>
        </Link>
        <ul className="hidden items-center gap-2 md:flex">{items}</ul>
        {hydrated ? (
          <button
            ref={button}
            type="button"
            className={`${menuButtonClass} md:hidden`}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
          </button>
        ) : (
          <details ref={details} className="group md:hidden">
            <summary className={`${menuButtonClass} list-none [&::-webkit-details-marker]:hidden`}>
              <Menu aria-hidden="true" className="group-open:hidden" />
              <X aria-hidden="true" className="hidden group-open:block" />
              <span className="sr-only group-open:hidden">Open menu</span>
              <span className="sr-only hidden group-open:inline">Close menu</span>
            </summary>
            <ul id="mobile-menu" className={`absolute inset-x-0 top-16 ${menuListClass}`}>
              {items}
            </ul>
          </details>
        )}
      </nav>
      {hydrated ? (
        <ul id="mobile-menu" hidden={!open} className={menuListClass}>
          {items}
        </ul>
      ) : null}
    </header>
  );
}
