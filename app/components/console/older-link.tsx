import { Link, useLocation } from "react-router";

/**
 * Keyset paging: "Older" carries the last row's key; the first page is the URL without it. A list in another order
 * (the inbox's waiting messages, oldest first) names its links by that order (`label`, `firstLabel`).
 */
export function OlderLink({
  param = "before",
  value,
  label = "Older",
  firstLabel = "Newest",
}: {
  param?: string;
  value: string | number | null;
  label?: string;
  firstLabel?: string;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const paged = params.has(param);
  params.delete(param);
  const first = `${location.pathname}${params.size ? `?${params}` : ""}`;
  if (value !== null) params.set(param, String(value));
  return (
    <nav aria-label="Pages" className="mt-6 flex gap-4 text-sm">
      {paged ? (
        <Link to={first} className="text-violet-200 underline underline-offset-4">
          {firstLabel}
        </Link>
      ) : null}
      {value !== null ? (
        <Link to={`${location.pathname}?${params}`} className="text-violet-200 underline underline-offset-4">
          {label}
        </Link>
      ) : null}
    </nav>
  );
}
