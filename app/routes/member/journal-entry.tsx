import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import { FormOutcome } from "~/components/forms/form-outcome";
import { NoticeBox } from "~/components/forms/notice-box";
import { JournalForm } from "~/components/journal/journal-form";
import { JOURNAL_OUTCOMES } from "~/components/journal/outcomes";
import { appContext, viewerContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage } from "~/forms/outcome";
import { unlessRefused } from "~/forms/revalidation";
import { formatDateTime } from "~/lib/dates";
import { privateMeta } from "~/lib/private-meta";
import { contextLabel } from "~/modules/journal/choices";
import { deleteEntry, getEntry, updateEntry } from "~/modules/journal/journal.server";
import { JOURNAL_MESSAGES } from "~/modules/journal/messages";
import { journalEntrySchema } from "~/modules/journal/validation";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/journal-entry";

export const meta: Route.MetaFunction = () => privateMeta("Journal entry");

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  // Another member's id answers exactly like an id that does not exist.
  const entry = await getEntry(handles.db, handles.env, viewer.id, params.id);
  if (!entry) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  return {
    entry: {
      ...entry,
      intensity: String(entry.intensity),
      ceremonyContext: entry.ceremonyContext ?? "",
      contextLabel: contextLabel(entry.ceremonyContext),
      createdAt: formatDateTime(entry.createdAt, zone),
      edited:
        entry.updatedAt.getTime() - entry.createdAt.getTime() > 1000 ? formatDateTime(entry.updatedAt, zone) : null,
    },
  };
}

/** What a form says when no answer came: the delete's notice or the edit's. */
const failureOf = (intent: unknown) => (intent === "delete" ? NOT_DELETED : JOURNAL_MESSAGES.notSaved);

export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, failureOf(submission.fields.intent), handles.logger, async () => {
    switch (submission.fields.intent) {
      case "delete": {
        // Deleting is naturally idempotent: no one-time key needed (a second delete finds nothing: 404).
        if (!(await deleteEntry(handles.db, viewer.id, params.id))) throw data(null, { status: 404 });
        const deleted = donePage("/journals", "deleted");
        return succeeded(request, { redirectTo: deleted, data: { to: deleted } });
      }
      // The edit form says "update"; a post of the entry's fields alone is an edit too.
      case "update":
      case undefined: {
        const parsed = parse(submission, journalEntrySchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const saved = donePage(`/journals/${params.id}`, "saved");
        const answer = await once(
          handles.db,
          { scope: "journal.edit", key: submission.key, ownerId: viewer.id, subject: `journal:${params.id}` },
          async (tx) => {
            if (!(await updateEntry(tx, handles.env, viewer.id, params.id, parsed.data))) {
              throw data(null, { status: 404 });
            }
            return { redirectTo: saved, data: { to: saved } };
          },
        );
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

const NOT_DELETED = {
  title: "Entry Not Deleted",
  description: "The entry could not be deleted just now. Please try again.",
};

/**
 * After a delete the entry is gone and the page moves on to the archive: reloading this page's data
 * first would only answer 404 (which the browser reports as an error), so it is skipped.
 */
export const shouldRevalidate = unlessRefused(({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "delete" ? false : defaultShouldRevalidate,
);

/** The edited text stays in the form with its notice when no answer comes (decision 008). */
export async function clientAction(args: Route.ClientActionArgs) {
  const intent = (await args.request.clone().formData()).get("intent");
  return keepFormOnFailure(args, failureOf(intent));
}

export default function JournalEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entry } = loaderData;
  const result = actionData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const failed = result && !result.ok ? result : null;
  // Field messages belong to the edit form; a notice alone (a delete that failed) shows on the entry.
  const editing = params.get("edit") === "1" || Boolean(failed && Object.keys(failed.fieldErrors).length > 0);

  // With JavaScript the app goes where a browser without it is redirected (the entry, saying it was
  // saved) once the page's own reload after the save is done: leaving earlier would cut it off.
  const settled = useNavigation().state === "idle";
  useEffect(() => {
    if (settled && result?.ok && result.data?.to) navigate(result.data.to, { replace: true });
  }, [result, settled, navigate]);

  return (
    <article className="mx-auto max-w-3xl py-10">
      <Link to="/journals" className="inline-flex items-center gap-2 text-sm text-violet-200 hover:text-gold">
        <ArrowLeft aria-hidden size={16} />
        All entries
      </Link>
      {editing ? (
        <section className="card mt-6">
          <h1 className="mb-5 font-serif text-3xl font-semibold">Edit entry</h1>
          <JournalForm intent="update" result={result} values={entry} submitLabel="Save Changes" />
          <Link to="?" className="btn-ghost mt-4">
            Cancel
          </Link>
        </section>
      ) : (
        <>
          {failed?.formError ? <NoticeBox notice={failed.formError} className="mt-6" /> : null}
          <FormOutcome messages={JOURNAL_OUTCOMES} className="mt-6" />
          <h1 className="mt-6 font-serif text-4xl font-semibold break-words">{entry.title}</h1>
          <p className="mt-2 text-sm text-mist-muted">
            {entry.createdAt}
            {entry.edited ? ` · edited ${entry.edited}` : ""} · intensity {entry.intensity}/10
            {entry.contextLabel ? ` · ${entry.contextLabel}` : ""}
          </p>
          <div className="prose-sacred mt-6 whitespace-pre-wrap break-words">{entry.content}</div>
          {entry.emotions.length > 0 ? (
            <p className="mt-6">
              <span className="text-mist-muted">Emotions: </span>
              {entry.emotions.join(", ")}
            </p>
          ) : null}
          {entry.bodySensations.length > 0 ? (
            <p className="mt-2">
              <span className="text-mist-muted">Body sensations: </span>
              {entry.bodySensations.join(", ")}
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap items-start gap-4">
            <Link to="?edit=1" className="btn-gold">
              Edit
            </Link>
            <details className="rounded-xl border border-rose-400/30 px-4 py-2">
              <summary className="cursor-pointer text-rose-100">Delete this entry</summary>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="delete" />
                <p className="text-sm text-mist-muted">This cannot be undone.</p>
                <button
                  type="submit"
                  className="mt-2 rounded-full border border-rose-400/60 px-4 py-2 text-rose-100 hover:bg-rose-500/10"
                >
                  Delete for good
                </button>
              </Form>
            </details>
          </div>
        </>
      )}
    </article>
  );
}
