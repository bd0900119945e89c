import { Form } from "react-router";
import { FieldError, TextAreaField, TextField } from "~/components/forms/field";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";

export interface ReactionValues {
  id: number;
  nextDay: boolean;
  time: string;
  severity: string;
  emergencyCalled: "yes" | "no";
  whatHappened: string;
  whatDone: string;
  followUp: string;
}

const SEVERITIES = [
  { value: "mild", label: "Mild" },
  { value: "moderate", label: "Moderate" },
  { value: "severe", label: "Severe" },
  { value: "life-threatening", label: "Life-threatening" },
];

/**
 * An adverse reaction's report, new (`values` absent) or a correction of one. Each form answers
 * only its own refusals (`formId`), so a page of reports marks the one that was wrong.
 */
export function ReactionForm({
  formId,
  placeId,
  values,
  result,
  zone,
}: {
  formId: string;
  placeId: number;
  values?: ReactionValues;
  result: FormResult | undefined;
  zone: string;
}) {
  const own =
    result &&
    !result.ok &&
    result.values?.reactionId === String(values?.id ?? "") &&
    result.values?.intent === "reaction"
      ? result
      : undefined;
  const form = useForm({ id: formId, result: own });
  const field = (name: keyof ReactionValues) => {
    const f = form.field(name);
    return { ...f, defaultValue: f.defaultValue ?? (values ? String(values[name]) : undefined) };
  };
  const checked = (name: string, value: string, initial: boolean) => (own ? form.wasChecked(name, value) : initial);
  const choice = (name: "severity" | "emergencyCalled", legend: string, options: typeof SEVERITIES) => (
    <fieldset>
      <legend className="mb-2 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={checked(name, o.value, values?.[name] === o.value)}
              aria-invalid={form.errors[name] ? true : undefined}
              aria-describedby={form.errors[name] ? `${formId}-${name}-error` : undefined}
              className="h-4 w-4 accent-gold"
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={`${formId}-${name}-error`} message={form.errors[name]} />
    </fieldset>
  );
  return (
    <Form method="post" className="grid gap-4" {...form.props}>
      <input {...form.keyField} />
      <input type="hidden" name="placeId" value={placeId} />
      <input type="hidden" name="reactionId" value={values?.id ?? ""} />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <TextField {...field("time")} label="When it began" type="time" hint={`Your time zone: ${zone}.`} />
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="nextDay"
            defaultChecked={checked("nextDay", "on", values?.nextDay ?? false)}
            className="h-4 w-4 accent-gold"
          />
          The day after the ceremony
        </label>
      </div>
      {choice("severity", "How severe", SEVERITIES)}
      {choice("emergencyCalled", "Were emergency services called?", [
        { value: "yes", label: "Yes" },
        { value: "no", label: "No" },
      ])}
      <TextAreaField {...field("whatHappened")} label="What happened" maxLength={4000} />
      <TextAreaField {...field("whatDone")} label="What was done" maxLength={4000} />
      <TextAreaField {...field("followUp")} label="The follow-up owed (optional)" maxLength={2000} />
      <button
        type="submit"
        name="intent"
        value="reaction"
        className="btn-gold justify-self-start"
        disabled={form.pending}
      >
        {values ? "Save the Correction" : "Report the Reaction"}
      </button>
    </Form>
  );
}
