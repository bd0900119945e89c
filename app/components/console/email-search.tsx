import { Form, useSearchParams } from "react-router";

/** "Email contains…" over a console list, keeping the list's filter (`keep`) and starting from its first page. */
export function EmailSearch({ keep }: { keep: string }) {
  const [params] = useSearchParams();
  const kept = params.get(keep);
  return (
    <Form method="get" className="mt-4 flex flex-wrap gap-3">
      {kept ? <input type="hidden" name={keep} value={kept} /> : null}
      <label htmlFor="email" className="sr-only">
        Email contains
      </label>
      <input
        id="email"
        name="email"
        type="search"
        defaultValue={params.get("email") ?? ""}
        placeholder="Email contains…"
        className="field max-w-xs"
      />
      <button type="submit" className="btn-ghost">
        Search
      </button>
    </Form>
  );
}
