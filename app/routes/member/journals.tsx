import { Search } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { FormOutcome } from "~/components/forms/form-outcome";
import { EMPTY_ENTRY, JournalForm } from "~/components/journal/journal-form";
import { JOURNAL_OUTCOMES } from "~/components/journal/outcomes";
import { notify } from "~/components/ui/notify";
import { appContext, viewerContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage } from "~/forms/outcome";
import { formatDateTime } from "~/lib/dates";
import { privateMeta } from "~/lib/private-meta";
import { createEntry, listEntries } from "~/modules/journal/journal.server";
import { JOURNAL_MESSAGES } from "~/modules/journal/messages";
import { journalEntrySchema } from "~/modules/journal/validation";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/journals";

export const meta: Route.MetaFunction = () => privateMeta("Sacred Journal");

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const zone = viewer.timezone;
  const archive = await listEntries(handles.db, handles.env, viewer.id, {
    q,
    cursor: url.searchParams.get("after") ?? undefined,
  });
  return {
    q,
    next: archive.next,
    items: archive.items.map((item) => ({ ...item, createdAt: formatDateTime(item.createdAt, zone) })),
  };
}

/** Without JavaScript a saved entry lands here: the page says it was saved, and a reload sends nothing. */
export const SAVED_PAGE = donePage("/journals", "saved");
const SAVED = JOURNAL_OUTCOMES.saved;

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, JOURNAL_MESSAGES.notSaved, handles.logger, async () => {
    const parsed = parse(submission, journalEntrySchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const answer = await once(
      handles.db,
      { scope: "journal.new", key: submission.key, ownerId: viewer.id, subject: NEW_RECORD },
      async (tx) => {
        const id = await createEntry(tx, handles.env, viewer.id, parsed.data);
        return { redirectTo: SAVED_PAGE, data: { id } };
      },
    );
    return succeeded(request, answer);
  });
}

/** The entry's text stays in the form with its notice when no answer comes (decision 008). */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, JOURNAL_MESSAGES.notSaved);

export default function Journals({ loaderData, actionData }: Route.ComponentProps) {
  const { items, next, q } = loaderData;
  const result = actionData;
  const [params] = useSearchParams();

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
          {/* Without JavaScript a save or a delete lands here (?done=): the page says what happened. */}
          <FormOutcome messages={JOURNAL_OUTCOMES} answered={Boolean(result)} className="mb-6" />
          <JournalForm
            intent="create"
            result={result}
            values={EMPTY_ENTRY}
            submitLabel="Save Sacred Entry"
            changed={(saved) => {
              // The new entry's link in the archive (the answer names its id).
              const id = (saved as { id?: unknown } | undefined)?.id;
              return typeof id === "number" || typeof id === "string"
                ? document.querySelector(`a[href="/journals/${id}"]`)
                : null;
            }}
            onSaved={(form) => {
              // SPEC.md: a valid entry shows the success message and the form returns to its defaults.
              form?.reset();
              notify("success", SAVED.title, { description: SAVED.description });
            }}
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
