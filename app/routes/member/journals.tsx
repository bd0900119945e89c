import { Search } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import { EMPTY_ENTRY, JournalForm } from "~/components/member/journal-form";
import { notify } from "~/components/ui/notify";
import { fieldErrorsOf } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { formatDateTime } from "~/lib/time-format";
import { requireViewer } from "~/modules/accounts/session.server";
import { createEntry, listEntries } from "~/modules/journal/journal.server";
import { journalEntrySchema, journalFormValues } from "~/modules/journal/validation";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/journals";

export const meta: Route.MetaFunction = () => privateMeta("Sacred Journal");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const [archive, zone] = await Promise.all([
    listEntries(context.db, context.env, viewer.id, { q, cursor: url.searchParams.get("after") ?? undefined }),
    memberTimezone(context.db, viewer.id),
  ]);
  return {
    q,
    next: archive.next,
    items: archive.items.map((item) => ({ ...item, createdAt: formatDateTime(item.createdAt, zone) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const values = journalFormValues(await request.formData());
  const parsed = journalEntrySchema.safeParse(values);
  if (!parsed.success) {
    return data({ ok: false as const, errors: fieldErrorsOf(parsed.error), values }, { status: 400 });
  }
  const id = await createEntry(context.db, context.env, viewer.id, parsed.data);
  return { ok: true as const, id };
}

export default function Journals() {
  const { items, next, q } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();

  useEffect(() => {
    if (result?.ok) {
      notify("success", "Sacred Entry Saved", { description: "Your reflection has been preserved in your journal." });
    }
  }, [result]);

  const olderParams = new URLSearchParams(params);
  if (next) olderParams.set("after", next);

  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Sacred Journal</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          Write what moved you, what your body felt, what you understood. Your words are encrypted and read by no one
          but you.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="new-entry" className="card">
          <h2 id="new-entry" className="mb-5 font-serif text-2xl font-semibold">
            New Entry
          </h2>
          <JournalForm
            intent="create"
            values={result && !result.ok ? result.values : EMPTY_ENTRY}
            serverErrors={result && !result.ok ? result.errors : undefined}
            resetKey={result?.ok ? result.id : undefined}
            submitLabel="Save Sacred Entry"
          />
        </section>
        <section aria-labelledby="archive" className="card self-start">
          <h2 id="archive" className="font-serif text-2xl font-semibold">
            My Reflections Archive
          </h2>
          <Form method="get" role="search" className="mt-4 flex gap-2">
            <label htmlFor="journal-search" className="sr-only">
              Search your entries
            </label>
            <input
              id="journal-search"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={100}
              placeholder="Search your entries"
              className="field"
            />
            <button type="submit" className="btn-ghost px-4" aria-label="Search">
              <Search aria-hidden size={18} />
            </button>
          </Form>
          {items.length === 0 ? (
            <p className="mt-6 text-mist-muted">
              {q ? "No entries match your search." : "Your archive is empty. Your first entry will appear here."}
            </p>
          ) : (
            <ul className="mt-6 grid gap-4">
              {items.map((item) => (
                <li key={item.id} className="rounded-xl border border-violet-300/15 p-4">
                  <Link to={`/journals/${item.id}`} className="font-serif text-xl font-semibold hover:text-gold">
                    {item.title}
                  </Link>
                  <p className="mt-1 text-sm text-mist-muted">{`${item.createdAt} · intensity ${item.intensity}/10`}</p>
                  {item.emotions.length > 0 ? (
                    <ul className="mt-2 flex flex-wrap gap-1" aria-label="Emotions">
                      {item.emotions.map((emotion) => (
                        <li key={emotion} className="rounded-full bg-violet-500/15 px-2 py-0.5 text-xs text-violet-100">
                          {emotion}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <p className="mt-2 text-sm break-words text-mist">{item.preview}</p>
                </li>
              ))}
            </ul>
          )}
          {next ? (
            <Link to={`?${olderParams}`} className="btn-ghost mt-6" preventScrollReset>
              Older entries
            </Link>
          ) : null}
        </section>
      </div>
    </>
  );
}
