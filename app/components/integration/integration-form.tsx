import { useState } from "react";
import { useFetcher } from "react-router";
import { ChoiceChips } from "~/components/forms/choice-chips";
import { FormAlert } from "~/components/forms/form-alert";
import { notify } from "~/components/ui/notify";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { INTEGRATION_MESSAGES } from "~/modules/integration/messages";
import { ALL_TAGS } from "~/modules/integration/tags";

const FIELDS = [
  { name: "insights", label: "Insights" },
  { name: "emotions", label: "Emotions" },
  { name: "bodyAwareness", label: "Body awareness" },
  { name: "integrationGoals", label: "Integration goals" },
] as const;

/** The schema (zod) loads on first use of the form (decision 003). */
const loadSchema = () => import("~/modules/integration/validation").then((m) => m.integrationSessionSchema);

/**
 * "Integration Journal" (Personal Reflection), on the one form pipeline (decision 008): saved for
 * real; on success every field clears. Without JavaScript it posts to the page and lands on it
 * saying the session was saved.
 */
export function IntegrationForm({ result }: { result?: FormResult }) {
  const fetcher = useFetcher<FormResult>();
  const [resetKey, setResetKey] = useState(0);
  const form = useForm({
    id: "session",
    // Without JavaScript the page's own answer (an error page) carries the messages and what was typed.
    result: fetcher.data ?? result,
    schema: loadSchema,
    fetcher,
    onInvalid(errors) {
      if (Object.values(errors).includes(INTEGRATION_MESSAGES.missing)) {
        notify("error", "Missing Information", { description: "Please provide a session title and reflection." });
      }
    },
    onSuccess(_data, element) {
      element?.reset();
      setResetKey((k) => k + 1);
      notify("success", "Session Saved", { description: "Your integration session has been saved successfully." });
    },
    onFailure(failed) {
      if (failed.formError) notify("error", failed.formError.title, { description: failed.formError.description });
    },
  });
  const saving = form.pending;
  const notice = form.formError ? `${form.formError.title}: ${form.formError.description}` : null;
  // The one alert holds the first field's message; that field points at it.
  const first = Object.keys(form.errors)[0];
  const text = (name: string) => {
    const field = form.field(name);
    return {
      id: field.id,
      name: field.name,
      defaultValue: field.defaultValue,
      autoFocus: field.autoFocus,
      "aria-invalid": field.error ? true : undefined,
      "aria-describedby": field.error && first === name ? "session-alert" : undefined,
      readOnly: saving,
    };
  };
  const chosen = ALL_TAGS.filter((t) => form.wasChecked("tags", t));

  return (
    <fetcher.Form method="post" action="/integration" className="grid gap-4" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="intent" value="save-session" />
      <FormAlert id="session-alert" message={Object.values(form.errors)[0] ?? notice} />
      <div>
        <label htmlFor="session-title" className="mb-1 block font-medium">
          Session title
        </label>
        <input {...text("title")} maxLength={200} className="field" />
      </div>
      <div>
        <label htmlFor="session-reflection" className="mb-1 block font-medium">
          Reflection
        </label>
        <textarea {...text("reflection")} maxLength={5000} className="field min-h-[160px]" />
      </div>
      {FIELDS.map((field) => (
        <div key={field.name}>
          <label htmlFor={`session-${field.name}`} className="mb-1 block font-medium">
            {field.label}
          </label>
          <textarea {...text(field.name)} maxLength={5000} className="field min-h-[80px]" />
        </div>
      ))}
      <ChoiceChips
        key={resetKey}
        id="session-tags"
        name="tags"
        legend="Tags"
        choices={ALL_TAGS}
        selected={chosen}
        error={form.errors.tags}
      />
      <button type="submit" className="btn-gold justify-self-start" disabled={saving}>
        {saving ? "Saving Session..." : "Save Session"}
      </button>
    </fetcher.Form>
  );
}
