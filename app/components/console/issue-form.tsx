import { Form } from "react-router";
import { FieldError, TextAreaField, TextField } from "~/components/forms/field";
import type { useForm } from "~/forms/use-form";

export interface IssueDraft {
  subject: string;
  format: "markdown" | "plain";
  body: string;
}

/** Writing a newsletter issue: subject, how the body is written, the body. Saving shows its preview. */
export function IssueForm({ form, draft }: { form: ReturnType<typeof useForm>; draft?: IssueDraft }) {
  const subject = form.field("subject");
  const body = form.field("body");
  const format = form.field("format");
  const chosen = typeof format.defaultValue === "string" ? format.defaultValue : (draft?.format ?? "markdown");
  return (
    <Form method="post" className="card mt-6 grid gap-4" {...form.props}>
      <input {...form.keyField} />
      <TextField
        {...subject}
        defaultValue={subject.defaultValue ?? draft?.subject}
        label="Subject"
        maxLength={200}
        required
      />
      {/* Each radio is marked and points at the message, as a screen reader reads a radio on its own. */}
      <fieldset>
        <legend className="mb-2 font-medium">The body is written in</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ["markdown", "Markdown (# headings, **bold**, [links](https://…), - lists)"],
              ["plain", "Plain text"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="format"
                value={value}
                defaultChecked={chosen === value}
                aria-invalid={format.error ? true : undefined}
                aria-describedby={format.error ? `${format.id}-error` : undefined}
              />
              {label}
            </label>
          ))}
        </div>
        <FieldError id={`${format.id}-error`} className="mt-1" message={format.error} />
      </fieldset>
      <TextAreaField
        {...body}
        defaultValue={body.defaultValue ?? draft?.body}
        label="Body"
        hint="A blank line starts a new paragraph. Each subscriber's mail ends with their own one-click unsubscribe link."
        maxLength={50_000}
        className="field min-h-[320px] font-mono text-sm"
        required
      />
      <button type="submit" name="intent" value="save" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Saving..." : "Save and preview"}
      </button>
    </Form>
  );
}
