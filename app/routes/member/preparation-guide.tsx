import { CheckSquare, ChevronDown, Square } from "lucide-react";
import { Form, useFetcher, useSearchParams } from "react-router";
import { FormOutcome } from "~/components/forms/form-outcome";
import { NoticeBox } from "~/components/forms/notice-box";
import { PageAlert } from "~/components/forms/page-alert";
import { CHECKLIST, PREPARATION_SECTIONS } from "~/content/preparation";
import { appContext, viewerContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import type { FormResult } from "~/forms/forms";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { privateMeta } from "~/lib/private-meta";
import { PRACTICE_MESSAGES } from "~/modules/practice/messages";
import { checkedItems, resetChecklist, setChecked } from "~/modules/practice/practice.server";
import { checklistSchema } from "~/modules/practice/validation";
import type { Route } from "./+types/preparation-guide";

export const meta: Route.MetaFunction = () => privateMeta("Preparation Guide");

export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  return { checked: await checkedItems(handles.db, viewer.id) };
}

/** Without JavaScript a tick or a reset lands back here, saying the checklist is saved. */
const SAVED_PAGE = donePage("/preparation-guide", "saved");
const OUTCOMES = { saved: "Your checklist is saved." } as const;

// Ticking an item to a given state and clearing the list are naturally idempotent: no one-time key.
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, PRACTICE_MESSAGES.checklistNotSaved, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "reset":
        await resetChecklist(handles.db, viewer.id);
        return succeeded(request, { redirectTo: SAVED_PAGE });
      // A checklist box: its form sends only the item and whether it is ticked.
      case undefined: {
        const parsed = parse(submission, checklistSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        await setChecked(handles.db, viewer.id, parsed.data.item, parsed.data.checked === "true");
        return succeeded(request, { redirectTo: SAVED_PAGE });
      }
      default:
        return unknownForm(submission);
    }
  });
}

/** A tick that did not arrive says so instead of the error page (decision 008). */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepFormOnFailure(args, PRACTICE_MESSAGES.checklistNotSaved);

function ChecklistItem({ id, text, checked }: { id: string; text: string; checked: boolean }) {
  const fetcher = useFetcher<FormResult>();
  const form = useForm({ id: `check-${id}`, result: fetcher.data, fetcher });
  // Show the tick at once; the server's answer confirms it (a failed one puts it back).
  const pending = fetcher.formData ? fetcher.formData.get("checked") === "true" : checked;
  return (
    <li>
      <fetcher.Form method="post" {...form.props}>
        <input type="hidden" name="item" value={id} />
        <input type="hidden" name="checked" value={String(!pending)} />
        <button
          type="submit"
          aria-pressed={pending}
          className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-violet-500/10"
        >
          {pending ? (
            <CheckSquare aria-hidden className="shrink-0 text-gold" />
          ) : (
            <Square aria-hidden className="shrink-0 text-mist-muted" />
          )}
          <span className={pending ? "text-mist-muted line-through" : ""}>{text}</span>
        </button>
        {form.formError ? <NoticeBox notice={form.formError} inline className="px-2" /> : null}
      </fetcher.Form>
    </li>
  );
}

export default function PreparationGuide({ loaderData, actionData }: Route.ComponentProps) {
  const { checked } = loaderData;
  const done = CHECKLIST.filter((item) => checked.includes(item.id)).length;
  const result = actionData;
  const [_params] = useSearchParams();
  // The page's answer is the reset's only when the reset sent it; a box's refusal is the page's (PageAlert).
  const reset = useForm({
    id: "checklist-reset",
    result: result?.ok || result?.values?.intent === "reset" ? result : undefined,
  });
  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Preparation Guide</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          Preparation is where a ceremony begins. Open each section in your own time; your checklist is saved as you go.
        </p>
      </header>
      <div className="mx-auto max-w-3xl">
        <PageAlert result={result} shownBy={["reset"]} />
      </div>
      <div className="mx-auto grid max-w-3xl gap-4">
        {PREPARATION_SECTIONS.map((section) => (
          <details key={section.id} className="card group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3">
              <h2 className="font-serif text-2xl font-semibold">{section.title}</h2>
              <ChevronDown aria-hidden className="shrink-0 transition group-open:rotate-180" />
            </summary>
            <p className="mt-3 text-mist-muted">{section.intro}</p>
            <ul className="mt-4 grid gap-4">
              {section.tips.map((tip) => (
                <li key={tip.title}>
                  <h3 className="font-semibold text-gold">{tip.title}</h3>
                  <p className="mt-1">{tip.text}</p>
                </li>
              ))}
            </ul>
          </details>
        ))}
        <details className="card group" open>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3">
            <h2 className="font-serif text-2xl font-semibold">Day-of Checklist</h2>
            <ChevronDown aria-hidden className="shrink-0 transition group-open:rotate-180" />
          </summary>
          <FormOutcome messages={OUTCOMES} answered={Boolean(result)} className="mt-3" />
          <p className="mt-3 text-mist-muted" aria-live="polite">
            {done === CHECKLIST.length ? "Everything is ready. Go gently." : `${done} of ${CHECKLIST.length} done`}
          </p>
          <ul className="mt-3 grid gap-1">
            {CHECKLIST.map((item) => (
              <ChecklistItem key={item.id} id={item.id} text={item.text} checked={checked.includes(item.id)} />
            ))}
          </ul>
          <Form method="post" className="mt-4" {...reset.props}>
            <input type="hidden" name="intent" value="reset" />
            {reset.formError ? <NoticeBox notice={reset.formError} inline className="mb-2" /> : null}
            <button type="submit" className="btn-ghost" disabled={done === 0}>
              Reset for my next ceremony
            </button>
          </Form>
        </details>
      </div>
    </>
  );
}
