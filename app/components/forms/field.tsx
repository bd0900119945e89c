import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { FieldError } from "./field-error";

interface FieldProps {
  name: string;
  label: ReactNode;
  hint?: string;
  error?: string;
}

/** A label above a control, and the control's hint and error below it, tied together for screen readers. */
function Labelled({
  id,
  label,
  hint,
  error,
  control,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  control: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-2 block font-medium">
        {label}
      </label>
      {control({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, hint, error) })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled input with its hint and its error. */
export function TextField({
  name,
  id = name,
  label,
  hint,
  error,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  return (
    <Labelled
      id={id}
      label={label}
      hint={hint}
      error={error}
      control={(aria) => <input id={id} name={name} className="field" {...aria} {...input} />}
    />
  );
}

/** A labelled text area with its hint and its error. */
export function TextAreaField({
  name,
  id = name,
  label,
  hint,
  error,
  ...input
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  return (
    <Labelled
      id={id}
      label={label}
      hint={hint}
      error={error}
      control={(aria) => <textarea id={id} name={name} className="field min-h-[110px]" {...aria} {...input} />}
    />
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-mist-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}
