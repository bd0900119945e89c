import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldErrorsOf } from "~/lib/forms";
import { BODY_SENSATIONS, CONTEXTS, EMOTIONS } from "~/modules/journal/choices";
import { journalEntrySchema, journalFormValues } from "~/modules/journal/validation";
import { ChoiceChips } from "./choice-chips";

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

/**
 * SPEC.md's journal entry form, for a new entry and for editing one. The same zod schema checks
 * it here and in the action; `resetKey` changes after a save so the form returns to its defaults.
 */
export function JournalForm(props: {
  intent: "create" | "update";
  values: JournalFormValues;
  serverErrors?: Record<string, string>;
  formError?: string | null;
  resetKey?: string | number;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === props.intent;
  const [errors, setErrors] = useState<Record<string, string>>(props.serverErrors ?? {});
  const [intensity, setIntensity] = useState(props.values.intensity);
  const form = useRef<HTMLFormElement>(null);

  const lastReset = useRef(props.resetKey);

  useEffect(() => setErrors(props.serverErrors ?? {}), [props.serverErrors]);
  // A new resetKey means "saved": back to SPEC.md's defaults.
  useEffect(() => {
    if (lastReset.current === props.resetKey) return;
    lastReset.current = props.resetKey;
    form.current?.reset();
    setIntensity(EMPTY_ENTRY.intensity);
    setErrors({});
  }, [props.resetKey]);

  const described = (field: string) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  const message = (field: string) =>
    errors[field] ? (
      <p id={`${field}-error`} className="mt-1 text-sm text-rose-200">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Form
      ref={form}
      method="post"
      noValidate
      preventScrollReset
      className="grid gap-6"
      onSubmit={(event) => {
        const parsed = journalEntrySchema.safeParse(journalFormValues(new FormData(event.currentTarget)));
        if (!parsed.success) {
          event.preventDefault();
          setErrors(fieldErrorsOf(parsed.error));
        }
      }}
    >
      <input type="hidden" name="intent" value={props.intent} />
      <FormAlert message={props.formError ?? null} />
      <div>
        <label htmlFor={`${props.intent}-title`} className="mb-2 block font-medium">
          Title
        </label>
        <input
          id={`${props.intent}-title`}
          name="title"
          maxLength={100}
          defaultValue={props.values.title}
          className="field"
          disabled={saving}
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
          defaultValue={props.values.content}
          className="field min-h-[200px]"
          disabled={saving}
          {...described("content")}
        />
        {message("content")}
      </div>
      <ChoiceChips
        name="emotions"
        legend="Emotions"
        choices={EMOTIONS}
        selected={props.values.emotions}
        disabled={saving}
      />
      <ChoiceChips
        name="bodySensations"
        legend="Body sensations"
        choices={BODY_SENSATIONS}
        selected={props.values.bodySensations}
        disabled={saving}
      />
      <div>
        <label htmlFor={`${props.intent}-intensity`} className="mb-2 block font-medium">
          Intensity: <output htmlFor={`${props.intent}-intensity`}>{intensity}</output>
        </label>
        <input
          id={`${props.intent}-intensity`}
          type="range"
          name="intensity"
          min={1}
          max={10}
          step={1}
          value={intensity}
          onChange={(event) => setIntensity(event.target.value)}
          className="w-full accent-violet-400"
          disabled={saving}
        />
        <div className="flex justify-between text-sm text-mist-muted" aria-hidden>
          <span>Gentle</span>
          <span>Profound</span>
        </div>
      </div>
      <div>
        <label htmlFor={`${props.intent}-context`} className="mb-2 block font-medium">
          Context <span className="text-mist-muted">(optional)</span>
        </label>
        <select
          id={`${props.intent}-context`}
          name="ceremonyContext"
          defaultValue={props.values.ceremonyContext}
          className="field"
          disabled={saving}
        >
          <option value="">No particular context</option>
          {CONTEXTS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-gold justify-self-start" disabled={saving}>
        {saving ? "Saving..." : props.submitLabel}
      </button>
    </Form>
  );
}
