import type { ReactNode } from "react";

export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="mx-auto max-w-4xl px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-24">
      {eyebrow ? <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">{eyebrow}</p> : null}
      <h1 className="mt-3 font-serif text-4xl leading-tight font-semibold text-mist sm:text-6xl">{title}</h1>
      {children ? <div className="mx-auto mt-6 max-w-2xl text-lg text-mist-muted">{children}</div> : null}
    </header>
  );
}
