import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

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

/**
 * A field's message, under its field: the one way every form shows one. `id` is what the field's
 * `aria-describedby` names (`<field id>-error` by convention); nothing renders without a message,
 * so the field is described by it only while it is wrong. `className` sets the spacing; `alert`
 * announces a message that arrives without the page moving (a form sent in place, by fetcher).
 */
export function FieldError({
  id,
  message,
  className = "mt-1.5",
  alert = false,
}: {
  id: string;
  message: string | null | undefined;
  className?: string;
  alert?: boolean;
}) {
  if (!message) return null;
  return (
    <p id={id} role={alert ? "alert" : undefined} className={`${className} text-sm text-rose-300`.trim()}>
      {message}
    </p>
  );
}
