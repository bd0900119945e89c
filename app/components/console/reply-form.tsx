import { Form } from "react-router";
import { TextAreaField } from "~/components/forms/field";
import type { useForm } from "~/forms/use-form";

/** A keeper's written answer (to a member's share, to a contact message), on the form pipeline. */
export function ReplyForm({
  form,
  label,
  hint,
  intent,
}: {
  form: ReturnType<typeof useForm>;
  label: string;
  hint: string;
  /** When the page's action takes several intents. */
  intent?: string;
}) {
  return (
    <Form method="post" className="card mt-6 grid gap-3" {...form.props}>
      <input {...form.keyField} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <TextAreaField
        {...form.field("reply")}
        label={label}
        hint={hint}
        maxLength={5000}
        className="field min-h-[160px]"
      />
      <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Sending..." : "Send Reply"}
      </button>
    </Form>
  );
}
