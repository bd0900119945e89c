import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** Which ends of the strip hide more items; null until measured (before JavaScript runs). */
type Edges = { start: boolean; end: boolean } | null;

const FADE = "pointer-events-none absolute inset-y-0 w-10 from-night-950 to-transparent transition-opacity";

/**
 * A row of links that scrolls sideways when it does not fit (the console tabs, a list's filters).
 * A fade covers each end that has more, and the current item (`aria-current`) is scrolled into view
 * on arrival and after each navigation. Before JavaScript measures, the end fade shows below `lg`.
 * `wrapFromMd` lets the row wrap instead from `md` up, where filters fit on a line or two.
 */
export function ScrollStrip({
  label,
  children,
  className = "",
  listClassName = "",
  wrapFromMd = false,
}: {
  /** The list's name, unless a labelled landmark around it names it already. */
  label?: string;
  children: ReactNode;
  className?: string;
  listClassName?: string;
  wrapFromMd?: boolean;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<Edges>(null);
  const location = useLocation();

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const more = el.scrollWidth - el.clientWidth;
    setEdges({ start: el.scrollLeft > 1, end: more > 1 && el.scrollLeft < more - 1 });
  }, []);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page (and so the current item) changes.
  useEffect(() => {
    const el = list.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"], [aria-current="true"]');
    if (el && current) {
      const box = el.getBoundingClientRect();
      const item = current.getBoundingClientRect();
      // Only when it is hidden under a fade or beyond: a tab in plain view stays where it was clicked.
      if (item.left < box.left + 40 || item.right > box.right - 40) {
        el.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
      }
    }
    measure();
  }, [location.pathname, location.search, measure]);

  const fade = (side: "start" | "end") => {
    const shown = edges ? edges[side] : side === "end";
    const position = side === "start" ? "left-0 bg-gradient-to-r" : "right-0 bg-gradient-to-l";
    const before = edges ? "" : "lg:hidden";
    return (
      <span
        aria-hidden="true"
        className={`${FADE} ${position} ${before} ${shown ? "opacity-100" : "opacity-0"} ${wrapFromMd ? "md:hidden" : ""}`}
      />
    );
  };

  return (
    <div className={`relative ${className}`}>
      {/* Positioned, so that it also clips what sits absolutely inside it (a badge's sr-only text). */}
      <ul
        ref={list}
        aria-label={label}
        onScroll={measure}
        className={`relative flex overflow-x-auto [scrollbar-width:thin] ${wrapFromMd ? "md:flex-wrap md:overflow-visible" : ""} ${listClassName}`}
      >
        {children}
      </ul>
      {fade("start")}
      {fade("end")}
    </div>
  );
}
