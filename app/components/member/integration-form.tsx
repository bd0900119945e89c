import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { notify } from "~/components/ui/notify";
import { INTEGRATION_MESSAGES } from "~/modules/integration/messages";
import { ALL_TAGS } from "~/modules/integration/tags";
import { ChoiceChips } from "./choice-chips";

const FIELDS = [
  { name: "insights", label: "Insights" },
  { name: "emotions", label: "Emotions" },
  { name: "bodyAwareness", label: "Body awareness" },
  { name: "integrationGoals", label: "Integration goals" },
] as const;

/** "Integration Journal" (Personal Reflection): saved for real; on success every field clears. */
export function IntegrationForm() {
  const fetcher = useFetcher<{ ok: boolean; error?: string; id?: string }>();
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const handled = useRef<unknown>(null);
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle" || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      form.current?.reset();
      setResetKey((k) => k + 1);
      setError(null);
      notify("success", "Session Saved", { description: "Your integration session has been saved successfully." });
    } else {
      setError(fetcher.data.error ?? "Save Error: Failed to save your session. Please try again.");
    }
  }, [fetcher.data, fetcher.state]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        if (!String(data.get("title") ?? "").trim() || !String(data.get("reflection") ?? "").trim()) {
          event.preventDefault();
          setError(INTEGRATION_MESSAGES.missing);
          notify("error", "Missing Information", { description: "Please provide a session title and reflection." });
        }
      }}
    >
      <input type="hidden" name="intent" value="save-session" />
      <FormAlert message={error} />
      <div>
        <label htmlFor="session-title" className="mb-1 block font-medium">
          Session title
        </label>
        <input id="session-title" name="title" maxLength={200} className="field" disabled={saving} />
      </div>
      <div>
        <label htmlFor="session-reflection" className="mb-1 block font-medium">
          Reflection
        </label>
        <textarea
          id="session-reflection"
          name="reflection"
          maxLength={5000}
          className="field min-h-[160px]"
          disabled={saving}
        />
      </div>
      {FIELDS.map((field) => (
        <div key={field.name}>
          <label htmlFor={`session-${field.name}`} className="mb-1 block font-medium">
            {field.label}
          </label>
          <textarea
            id={`session-${field.name}`}
            name={field.name}
            maxLength={5000}
            className="field min-h-[80px]"
            disabled={saving}
          />
        </div>
      ))}
      <ChoiceChips key={resetKey} name="tags" legend="Tags" choices={ALL_TAGS} selected={[]} disabled={saving} />
      <button type="submit" className="btn-gold justify-self-start" disabled={saving}>
        {saving ? "Saving Session..." : "Save Session"}
      </button>
    </fetcher.Form>
  );
}
