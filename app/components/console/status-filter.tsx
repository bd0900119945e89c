import { Link, useSearchParams } from "react-router";

/** Filter pills for a console list: "All" and one per value, kept in the URL's `param`. */
export function StatusFilter({
  values,
  param = "status",
  label = "Filter by status",
}: {
  values: ReadonlyArray<{ value: string; label: string }>;
  param?: string;
  label?: string;
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
    <ul className="mt-4 flex flex-wrap gap-2" aria-label={label}>
      {[{ value: "", label: "All" }, ...values].map((f) => (
        <li key={f.value}>
          <Link
            to={hrefFor(f.value)}
            aria-current={current === f.value ? "true" : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm capitalize ${
              current === f.value ? "border-gold text-gold" : "border-violet-300/30 text-mist hover:border-violet-200"
            }`}
          >
            {f.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
