import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { Area } from "./area";
import { isLoadFailure, LoadFailure } from "./load-failure";

const TEXTS: Record<number, { title: string; text: string }> = {
  403: { title: "Not open to you", text: "This page is for another role. Nothing was changed." },
  404: { title: "Not found", text: "This record does not exist, or it was removed." },
};

/**
 * A member-area or console page that failed with 403 or 404 (or whose data did not arrive): a
 * page of that area with its way back, never the root "Unexpected Application Error!". Anything
 * else goes on to the root boundary.
 */
export function AreaError({ area, home }: Area) {
  const error = useRouteError();
  if (isLoadFailure(error)) return <LoadFailure />;
  const known = isRouteErrorResponse(error) ? TEXTS[error.status] : undefined;
  if (!known) throw error;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">{area}</p>
      <h1 className="mt-4 font-serif text-4xl">{known.title}</h1>
      <p className="mt-4 text-mist-muted">{known.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={home.to} className="btn-gold">
          {home.label}
        </Link>
        <Link to="/" className="btn-ghost">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
