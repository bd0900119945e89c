import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { JournalForm } from "~/components/member/journal-form";
import { notify } from "~/components/ui/notify";
import { fieldErrorsOf } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { formatDateTime } from "~/lib/time-format";
import { requireViewer } from "~/modules/accounts/session.server";
import { contextLabel } from "~/modules/journal/choices";
import { deleteEntry, getEntry, updateEntry } from "~/modules/journal/journal.server";
import { journalEntrySchema, journalFormValues } from "~/modules/journal/validation";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/journal-entry";

export const meta: Route.MetaFunction = () => privateMeta("Journal entry");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  // Another member's id answers exactly like an id that does not exist.
  const entry = await getEntry(context.db, context.env, viewer.id, params.id);
  if (!entry) throw data(null, { status: 404 });
  const zone = await memberTimezone(context.db, viewer.id);
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    if (!(await deleteEntry(context.db, viewer.id, params.id))) throw data(null, { status: 404 });
    throw redirect("/journals?deleted=1");
  }
  const values = journalFormValues(form);
  const parsed = journalEntrySchema.safeParse(values);
  if (!parsed.success) {
    return data({ ok: false as const, errors: fieldErrorsOf(parsed.error), values }, { status: 400 });
  }
  if (!(await updateEntry(context.db, context.env, viewer.id, params.id, parsed.data))) {
    throw data(null, { status: 404 });
  }
  throw redirect(`/journals/${params.id}?saved=1`);
}

export default function JournalEntryPage() {
  const { entry } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const editing = params.get("edit") === "1" || Boolean(result && !result.ok);

  useEffect(() => {
    if (params.get("saved")) {
      notify("success", "Sacred Entry Saved", { description: "Your reflection has been preserved in your journal." });
    }
  }, [params]);

  return (
    <article className="mx-auto max-w-3xl py-10">
      <Link to="/journals" className="inline-flex items-center gap-2 text-sm text-violet-200 hover:text-gold">
        <ArrowLeft aria-hidden size={16} />
        All entries
      </Link>
      {editing ? (
        <section className="card mt-6">
          <h1 className="mb-5 font-serif text-3xl font-semibold">Edit entry</h1>
          <JournalForm
            intent="update"
            values={result && !result.ok ? result.values : entry}
            serverErrors={result && !result.ok ? result.errors : undefined}
            submitLabel="Save Changes"
          />
          <Link to="?" className="btn-ghost mt-4">
            Cancel
          </Link>
        </section>
      ) : (
        <>
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
