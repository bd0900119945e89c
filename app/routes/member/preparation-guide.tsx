import { CheckSquare, ChevronDown, Square } from "lucide-react";
import { data, Form, useFetcher, useLoaderData } from "react-router";
import { CHECKLIST, PREPARATION_SECTIONS } from "~/content/preparation";
import { privateMeta } from "~/lib/seo";
import { requireViewer } from "~/modules/accounts/session.server";
import { checkedItems, isChecklistItem, resetChecklist, setChecked } from "~/modules/practice/practice.server";
import type { Route } from "./+types/preparation-guide";

export const meta: Route.MetaFunction = () => privateMeta("Preparation Guide");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  return { checked: await checkedItems(context.db, viewer.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await request.formData();
  if (form.get("intent") === "reset") {
    await resetChecklist(context.db, viewer.id);
    return { ok: true };
  }
  const item = String(form.get("item") ?? "");
  if (!isChecklistItem(item)) return data({ ok: false, error: "Unknown checklist item." }, { status: 400 });
  await setChecked(context.db, viewer.id, item, form.get("checked") === "true");
  return { ok: true };
}

function ChecklistItem({ id, text, checked }: { id: string; text: string; checked: boolean }) {
  const fetcher = useFetcher();
  // Show the tick at once; the server's answer confirms it.
  const pending = fetcher.formData ? fetcher.formData.get("checked") === "true" : checked;
  return (
    <li>
      <fetcher.Form method="post">
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
      </fetcher.Form>
    </li>
  );
}

export default function PreparationGuide() {
  const { checked } = useLoaderData<typeof loader>();
  const done = CHECKLIST.filter((item) => checked.includes(item.id)).length;
  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Preparation Guide</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          Preparation is where a ceremony begins. Open each section in your own time; your checklist is saved as you go.
        </p>
      </header>
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
          <p className="mt-3 text-mist-muted" aria-live="polite">
            {done === CHECKLIST.length ? "Everything is ready. Go gently." : `${done} of ${CHECKLIST.length} done`}
          </p>
          <ul className="mt-3 grid gap-1">
            {CHECKLIST.map((item) => (
              <ChecklistItem key={item.id} id={item.id} text={item.text} checked={checked.includes(item.id)} />
            ))}
          </ul>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="reset" />
            <button type="submit" className="btn-ghost" disabled={done === 0}>
              Reset for my next ceremony
            </button>
          </Form>
        </details>
      </div>
    </>
  );
}
