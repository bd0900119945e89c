import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FieldError } from "~/components/forms/field";
import { notify } from "~/components/ui/notify";
import { REFLECTION_PROMPTS } from "~/content/companion";
import { FORM_KEY_FIELD, type FormResult } from "~/forms/forms";
import { newFormKey } from "~/forms/use-form";

/**
 * SPEC.md: a new prompt after "Generating..." for about a second; Save Insight stores the reflection.
 * `page`: without JavaScript a refused save comes back as the page's own answer, with what was typed.
 */
export function ReflectionPrompt({ initial, page }: { initial: number; page?: FormResult }) {
  const fetcher = useFetcher<FormResult<{ saved?: string }>>();
  const [index, setIndex] = useState(initial);
  const [generating, setGenerating] = useState(false);
  const typed = page && !page.ok ? page.values?.content : undefined;
  const [text, setText] = useState(typeof typed === "string" ? typed : "");
  const answer = fetcher.data ?? page;
  const refusal = answer && !answer.ok ? answer : null;
  const prompt = REFLECTION_PROMPTS[index] ?? "";
  const handled = useRef<unknown>(null);
  // The one-time key (decision 008), renewed after each save.
  const [initialKey] = useState(newFormKey);
  const key = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!fetcher.data || handled.current === fetcher.data || fetcher.state !== "idle") return;
    handled.current = fetcher.data;
    if (fetcher.data.ok && fetcher.data.data?.saved === "reflection") {
      setText("");
      if (key.current) key.current.value = newFormKey();
      notify("success", "Reflection Saved", {
        description: "Your reflection has been saved to your insights collection.",
      });
    }
  }, [fetcher.data, fetcher.state]);

  const next = () => {
    setGenerating(true);
    setTimeout(() => {
      setIndex((current) => {
        const others = REFLECTION_PROMPTS.map((_, i) => i).filter((i) => i !== current);
        return others[Math.floor(Math.random() * others.length)] ?? current;
      });
      setGenerating(false);
    }, 1000);
  };

  return (
    <fetcher.Form
      method="post"
      className="grid gap-3"
      onSubmit={(event) => {
        if (!prompt || !text.trim()) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="save-insight" />
      <input ref={key} type="hidden" name={FORM_KEY_FIELD} defaultValue={initialKey} suppressHydrationWarning />
      <input type="hidden" name="category" value="reflection" />
      <input type="hidden" name="title" value={prompt} />
      <p className="font-serif text-2xl leading-snug text-gold" aria-live="polite">
        {generating ? "Generating..." : prompt}
      </p>
      <button
        type="button"
        onClick={next}
        disabled={generating}
        className="btn-ghost justify-self-start px-4 py-2 text-sm"
      >
        <RefreshCw aria-hidden size={16} />
        {generating ? "Generating..." : "New prompt"}
      </button>
      <label htmlFor="reflection-text" className="text-sm font-medium">
        Your reflection
      </label>
      <textarea
        id="reflection-text"
        name="content"
        value={text}
        maxLength={2000}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={refusal?.fieldErrors.content ? true : undefined}
        aria-describedby={refusal?.fieldErrors.content ? "reflection-error" : undefined}
        className="field min-h-[120px]"
      />
      <FieldError
        id="reflection-error"
        className=""
        alert
        message={
          refusal &&
          (refusal.fieldErrors.content ?? Object.values(refusal.fieldErrors)[0] ?? refusal.formError?.description)
        }
      />
      <button type="submit" className="btn-gold justify-self-start" disabled={fetcher.state !== "idle" || !text.trim()}>
        Save Insight
      </button>
    </fetcher.Form>
  );
}
