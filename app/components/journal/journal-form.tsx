import { useState } from "react";
import { Form } from "react-router";
import { ChoiceChips } from "~/components/forms/choice-chips";
import { FieldError } from "~/components/forms/field";
import { NoticeBox } from "~/components/forms/notice-box";
import { notify } from "~/components/ui/notify";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { BODY_SENSATIONS, CONTEXTS, EMOTIONS } from "~/modules/journal/choices";

export interface JournalFormValues {
  title: string;
  content: string;
  emotions: ReadonlyArray<string>;
  bodySensations: ReadonlyArray<string>;
  intensity: string;
  ceremonyContext: string;
}

export const EMPTY_ENTRY: JournalFormValues = {
  title: "",
  content: "",
  emotions: [],
  bodySensations: [],
  intensity: "5",
  ceremonyContext: "",
};

/** The schema (zod) loads on first use of the form (decision 003). */
const loadSchema = () => import("~/modules/journal/validation").then((m) => m.journalEntrySchema);

/**
 * SPEC.md's journal entry form, for a new entry and for editing one, on the one form pipeline
 * (decision 008): the same schema checks it here and in the action, what was typed stays after an
 * error or a lost answer (with the form's notice), and `onSaved` says what a save means.
 */
export function JournalForm(props: {
  intent: "create" | "update";
  result: FormResult | undefined;
  /** What the form starts with: SPEC.md's defaults, or the entry being edited. */
  values: JournalFormValues;
  submitLabel: string;
  onSaved?(form: HTMLFormElement | null): void;
  /** What a save changed on the page, to take focus (use-form.ts): the new entry in the archive. */
  changed?(data: unknown): Element | null | undefined;
}) {
  const [intensity, setIntensity] = useState<string | null>(null);
  const form = useForm({
    id: props.intent,
    result: props.result,
    schema: loadSchema,
    onSuccess(_data, element) {
      setIntensity(null);
      props.onSaved?.(element);
    },
    changed: props.changed,
    onFailure(failed) {
      if (failed.formError) notify("error", failed.formError.title, { description: failed.formError.description });
    },
  });
  const typed = props.result && !props.result.ok ? props.result.values : undefined;
  const value = (name: "title" | "content" | "ceremonyContext") => form.field(name).defaultValue ?? props.values[name];
  const chosen = (name: "emotions" | "bodySensations", choices: ReadonlyArray<string>) =>
    typed ? choices.filter((c) => form.wasChecked(name, c)) : props.values[name];
  const typedIntensity = typed && typeof typed.intensity === "string" ? typed.intensity : null;
  const shownIntensity = intensity ?? typedIntensity ?? props.values.intensity;
  const saving = form.pending;

  const described = (name: string) =>
    form.errors[name] ? { "aria-invalid": true, "aria-describedby": `${props.intent}-${name}-error` } : {};
  const message = (name: string) => (
    <FieldError id={`${props.intent}-${name}-error`} className="mt-1" message={form.errors[name]} />
  );

  return (
    <Form method="post" preventScrollReset className="grid gap-6" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="intent" value={props.intent} />
      {form.formError ? <NoticeBox notice={form.formError} /> : null}
      <div>
        <label htmlFor={`${props.intent}-title`} className="mb-2 block font-medium">
          Title
        </label>
        <input
          id={`${props.intent}-title`}
          name="title"
          maxLength={100}
          defaultValue={value("title")}
          // biome-ignore lint/a11y/noAutofocus: only on a page answering this form's error, where the cursor belongs
          autoFocus={form.field("title").autoFocus}
          className="field"
          readOnly={saving}
          {...described("title")}
        />
        {message("title")}
      </div>
      <div>
        <label htmlFor={`${props.intent}-content`} className="mb-2 block font-medium">
          Your reflection
        </label>
        <textarea
          id={`${props.intent}-content`}
          name="content"
          maxLength={5000}
          defaultValue={value("content")}
          // biome-ignore lint/a11y/noAutofocus: only on a page answering this form's error, where the cursor belongs
          autoFocus={form.field("content").autoFocus}
          className="field min-h-[200px]"
          readOnly={saving}
          {...described("content")}
        />
        {message("content")}
      </div>
      <ChoiceChips
        id={`${props.intent}-emotions`}
        name="emotions"
        legend="Emotions"
        choices={EMOTIONS}
        selected={chosen("emotions", EMOTIONS)}
        error={form.errors.emotions}
      />
      <ChoiceChips
        id={`${props.intent}-bodySensations`}
        name="bodySensations"
        legend="Body sensations"
        choices={BODY_SENSATIONS}
        selected={chosen("bodySensations", BODY_SENSATIONS)}
        error={form.errors.bodySensations}
      />
      <div>
        {/* The value beside the label, not in it: a label holds no labelable element but its control
            (HTML), and the number would become part of the slider's name. */}
        <p className="mb-2 font-medium">
          <label htmlFor={`${props.intent}-intensity`}>Intensity</label>:{" "}
          <output htmlFor={`${props.intent}-intensity`}>{shownIntensity}</output>
        </p>
        <input
          id={`${props.intent}-intensity`}
          type="range"
          name="intensity"
          min={1}
          max={10}
          step={1}
          value={shownIntensity}
          onChange={(event) => setIntensity(event.target.value)}
          className="w-full accent-violet-400"
          {...described("intensity")}
        />
        <div className="flex justify-between text-sm text-mist-muted" aria-hidden>
          <span>Gentle</span>
          <span>Profound</span>
        </div>
        {message("intensity")}
      </div>
      <div>
        <label htmlFor={`${props.intent}-context`} className="mb-2 block font-medium">
          Context <span className="text-mist-muted">(optional)</span>
        </label>
        <select
          id={`${props.intent}-context`}
          name="ceremonyContext"
          defaultValue={value("ceremonyContext")}
          className="field"
          {...described("ceremonyContext")}
        >
          <option value="">No particular context</option>
          {CONTEXTS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {message("ceremonyContext")}
      </div>
      <button type="submit" className="btn-gold justify-self-start" disabled={saving}>
        {saving ? "Saving..." : props.submitLabel}
      </button>
    </Form>
  );
}
