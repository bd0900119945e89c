import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

interface FieldProps {
  name: string;
  label: ReactNode;
  hint?: string;
  error?: string;
}

/** A labelled input with its hint and its error, tied together for screen readers. */
export function TextField({
  name,
  label,
  hint,
  error,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  return (
    <div>
      <label htmlFor={name} className="mb-2 block font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        {...input}
      />
      <FieldNotes name={name} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  error,
  ...input
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  return (
    <div>
      <label htmlFor={name} className="mb-2 block font-medium">
        {label}
      </label>
      <textarea
        id={name}
        name={name}
        className="field min-h-[110px]"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        {...input}
      />
      <FieldNotes name={name} hint={hint} error={error} />
    </div>
  );
}

const describedBy = (name: string, hint?: string, error?: string) =>
  [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;

function FieldNotes({ name, hint, error }: Pick<FieldProps, "name" | "hint" | "error">) {
  return (
    <>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1.5 text-sm text-mist-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="mt-1.5 text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </>
  );
}
