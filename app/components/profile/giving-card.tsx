import { Gift } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { formatCents } from "~/modules/giving/amounts";

export interface GiftRow {
  id: number;
  kind: "offering" | "ceremony";
  /** How it was given (giftMethodLabel): "Cash", "Cheque no. 1042", "Online, monthly"… */
  method: string;
  amountCents: number;
  givenAt: string;
  refundedAt: string | null;
}

const KIND = { offering: "Offering", ceremony: "Ceremony donation" } as const;

/** A whole year's total (refunds left out) and how many of its gifts count, whatever page shows it. */
export interface GiftYear {
  totalCents: number;
  counted: number;
}

/**
 * A page of the member's gifts, newest first, grouped by year with each year's total and its statement (the whole
 * year's, read apart, so a year split over two pages says the same total on both). Years and dates are UTC, as the
 * statements count them, so the card and the PDF agree. "Older gifts" is a plain link to the next page (`?before=`).
 */
export function GivingCard(props: {
  gifts: ReadonlyArray<GiftRow>;
  years: Readonly<Record<number, GiftYear>>;
  older: string | null;
}) {
  const years = new Map<number, GiftRow[]>();
  for (const gift of props.gifts) {
    const year = new Date(gift.givenAt).getUTCFullYear();
    years.set(year, [...(years.get(year) ?? []), gift]);
  }
  const ordered = [...years].sort(([a], [b]) => b - a);
  return (
    <section id="giving" aria-labelledby="giving-title" className="card scroll-mt-24">
      <h2 id="giving-title" className="mb-5 flex items-center gap-3 font-serif text-2xl font-semibold">
        <Gift aria-hidden className="text-gold" />
        Donations and Gifts
      </h2>
      {ordered.length === 0 ? (
        <p className="text-mist-muted">
          No gifts yet.{" "}
          <Link to="/donation" className="text-violet-200 underline underline-offset-4 hover:text-gold">
            Make an offering
          </Link>
          , whenever you wish.
        </p>
      ) : (
        <div className="grid gap-6">
          {ordered.map(([year, gifts]) => {
            const { totalCents: total, counted } = props.years[year] ?? { totalCents: 0, counted: 0 };
            return (
              <div key={year}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold">{year}</h3>
                  <p className="text-sm text-mist-muted">
                    Total given: <span className="font-medium text-mist">{formatCents(total)}</span>
                  </p>
                </div>
                <ul className="mt-2 grid gap-2">
                  {[...gifts]
                    .sort((a, b) => b.givenAt.localeCompare(a.givenAt))
                    .map((gift) => (
                      <li
                        key={gift.id}
                        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-violet-300/15 p-3"
                      >
                        <span>
                          <span className="block">{KIND[gift.kind]}</span>
                          <span className="block text-sm text-mist-muted">
                            {`${formatDate(gift.givenAt, "UTC")} · ${gift.method} · receipt ${gift.id}`}
                          </span>
                        </span>
                        <span className="flex items-center gap-2">
                          {gift.refundedAt ? (
                            <span className="rounded-full border border-rose-400/60 px-2 py-0.5 text-xs text-rose-100">
                              Refunded
                            </span>
                          ) : null}
                          <span className={gift.refundedAt ? "text-mist-muted line-through" : "font-medium"}>
                            {formatCents(gift.amountCents)}
                          </span>
                        </span>
                      </li>
                    ))}
                </ul>
                {counted > 0 ? (
                  <a href={`/profile/giving-statement/${year}`} className="btn-ghost mt-3" download>
                    {`Download ${year} statement`}
                  </a>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
      {props.older ? (
        <Link to={`/profile?before=${props.older}#giving`} className="btn-ghost mt-4" preventScrollReset>
          Older gifts
        </Link>
      ) : null}
      <p className="mt-5 text-sm text-mist-muted">
        Paid sessions are not gifts and are not listed here. Refunded gifts do not count toward a year's total.
      </p>
    </section>
  );
}
