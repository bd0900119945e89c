import { Link } from "react-router";
import { site } from "~/lib/site";

const pages = [
  { to: "/faq", label: "FAQ" },
  { to: "/religious-freedom", label: "Religious Freedom" },
  { to: "/terms-and-privacy", label: "Terms and Privacy" },
  { to: "/contact", label: "Contact" },
  // Where people look for giving (issue 14).
  { to: "/donation", label: "Make an Offering" },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-violet-300/10 bg-night-950/80 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <p className="font-serif text-2xl text-mist">{site.name}</p>
          <p className="mt-2 text-sm text-mist-muted">{site.tagline}.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm">
            {pages.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className="text-mist-muted underline-offset-4 hover:text-mist hover:underline">
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <ul className="flex gap-4">
            {[site.social.professional, site.social.photos].map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="text-mist-muted underline-offset-4 hover:text-mist hover:underline"
                >
                  {s.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-mist-muted">{site.handle}</p>
        </div>
      </div>
      <p className="pb-8 text-center text-xs text-mist-muted">
        © {site.copyrightYear} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
