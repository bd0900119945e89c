import { FieldError, TextAreaField, TextField } from "~/components/forms/field";
import type { useForm } from "~/forms/use-form";
import { CLIENT_QUESTIONS, type DocumentKind, PARTICIPANT_RIGHTS } from "~/modules/ceremonies/documents";

type Form = ReturnType<typeof useForm>;

const CHIP =
  "block rounded-full border border-violet-300/30 px-4 py-1.5 text-sm text-mist transition peer-checked:border-gold peer-checked:bg-gold/15 peer-checked:text-gold peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold";

/** A question answered by one of a few real radio buttons, drawn as chips; its message under it. */
function Choice({
  form,
  name,
  legend,
  choices,
}: {
  form: Form;
  name: string;
  legend: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
}) {
  const error = form.errors[name];
  const errorId = `${form.id}-${name}-error`;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-mist">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label key={choice.value} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={choice.value}
              defaultChecked={form.wasChecked(name, choice.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            <span className={CHIP}>{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} className="mt-1" message={error} />
    </fieldset>
  );
}

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** A box that must be ticked to sign, with its message. */
function Confirm({ form, name, label }: { form: Form; name: string; label: string }) {
  const error = form.errors[name];
  const id = `${form.id}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={form.wasChecked(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 h-5 w-5 accent-gold"
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The questions of one document of the readiness packet (documents.ts), as form fields. */
export function DocumentFields({ form, kind }: { form: Form; kind: DocumentKind }) {
  const text = (name: string) => form.field(name);
  switch (kind) {
    case "client-information":
      return (
        <>
          {CLIENT_QUESTIONS.map((q) => (
            <Choice key={q.name} form={form} name={q.name} legend={q.text} choices={YES_NO} />
          ))}
          <TextAreaField
            {...text("notes")}
            label="Anything else you want your facilitators to know (optional)"
            maxLength={2000}
          />
        </>
      );
    case "medicines":
      return (
        <>
          <TextAreaField
            {...text("medicines")}
            label="Every medicine, supplement and herbal remedy you take, with the dose"
            hint='Write "None" if you take none.'
            maxLength={2000}
          />
          <TextAreaField {...text("devices")} label="Medical devices you use or carry (optional)" maxLength={1000} />
        </>
      );
    case "safety-plan":
      return (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...text("supportName")} label="Your support person" autoComplete="off" maxLength={100} />
            <TextField {...text("supportPhone")} label="Their phone" type="tel" autoComplete="off" />
            <TextField {...text("emergencyName")} label="Your emergency contact" autoComplete="off" maxLength={100} />
            <TextField {...text("emergencyPhone")} label="Their phone" type="tel" autoComplete="off" />
          </div>
          <TextAreaField
            {...text("whatHelps")}
            label="What helps you when it gets hard"
            hint="A word, a song, being held, being left in quiet: whatever you know of yourself."
            maxLength={2000}
          />
        </>
      );
    case "transportation":
      return (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...text("driverName")} label="Who takes you home" autoComplete="off" maxLength={100} />
            <TextField {...text("driverPhone")} label="Their phone" type="tel" autoComplete="off" />
          </div>
          <TextAreaField {...text("arrangement")} label="How and when (optional)" maxLength={1000} />
          <Confirm form={form} name="noDriving" label="I will not drive on the day of my ceremony." />
        </>
      );
    case "touch-consent":
      return (
        <>
          <Choice
            form={form}
            name="touch"
            legend="May a facilitator offer supportive touch (a hand held, a hand on the shoulder)? You can change this at any time, on the day too."
            choices={[
              { value: "yes", label: "Yes, I consent" },
              { value: "no", label: "No, I do not" },
            ]}
          />
          <TextAreaField {...text("limits")} label="Limits or wishes (optional)" maxLength={1000} />
        </>
      );
    default:
      return (
        <>
          <ol className="list-decimal space-y-2 pl-5">
            {PARTICIPANT_RIGHTS.map((right) => (
              <li key={right}>{right}</li>
            ))}
          </ol>
          <Confirm form={form} name="acknowledged" label="I have read my rights as a participant." />
        </>
      );
  }
}
