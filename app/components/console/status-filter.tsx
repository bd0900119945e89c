import { Link, useSearchParams } from "react-router";
import { ScrollStrip } from "./scroll-strip";

/**
 * Filter pills for a console list: "All" and one per value, kept in the URL's `param`. On a phone
 * they stay on one line that scrolls sideways (with a fade at the end that has more); from `md` up
 * they wrap.
 */
export function StatusFilter({
  values,
  param = "status",
  label = "Filter by status",
  capitalize = true,
}: {
  values: ReadonlyArray<{ value: string; label: string }>;
  param?: string;
  label?: string;
  /** Off for values that are names (the audit log's actions), not words. */
  capitalize?: boolean;
}) {
  const [params] = useSearchParams();
  const current = params.get(param) ?? "";
  const hrefFor = (value: string) => {
    const next = new URLSearchParams(params);
    next.delete("before");
    if (value) next.set(param, value);
    else next.delete(param);
    return `?${next}`;
  };
  return (
    // The padding, taken back by the margin, leaves room for a pill's focus ring inside the scroller.
    <ScrollStrip label={label} wrapFromMd className="mt-4" listClassName="-m-1.5 gap-2 p-1.5">
      {[{ value: "", label: "All" }, ...values].map((f) => (
        <li key={f.value} className="shrink-0">
          <Link
            to={hrefFor(f.value)}
            aria-current={current === f.value ? "true" : undefined}
            className={`inline-block rounded-full border px-4 py-1.5 text-sm whitespace-nowrap ${capitalize ? "capitalize" : ""} ${
              current === f.value ? "border-gold text-gold" : "border-violet-300/30 text-mist hover:border-violet-200"
            }`}
          >
            {f.label}
          </Link>
        </li>
      ))}
    </ScrollStrip>
  );
}
