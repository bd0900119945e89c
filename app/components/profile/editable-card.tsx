import { Check, Pencil, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FieldError } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { type ProfileForm, ProfileFormShell } from "./profile-form";

export interface CardField {
  name: string;
  label: string;
  value: string;
  multiline?: boolean;
  inputMode?: "numeric" | "tel" | "text";
  autoComplete?: string;
  maxLength: number;
}

/**
 * A profile card that toggles between reading and editing with an edit/save icon (SPEC.md).
 * The toggle is a link (`?edit=<id>`), so it also works before JavaScript loads. The form is one
 * of /profile's (profile-form.tsx): each message sits under its field, what was typed stays.
 */
export function EditableCard(props: {
  id: string;
  title: string;
  icon: ReactNode;
  editing: boolean;
  fields: ReadonlyArray<CardField>;
  form: ProfileForm;
  /** Extra inputs inside the form (e.g. the privacy switch) and notes under the fields. */
  extra?: ReactNode;
  footer?: ReactNode;
}) {
  const { form } = props;
  const saving = form.pending;
  const headingId = `${props.id}-title`;
  return (
    <section id={props.id} aria-labelledby={headingId} className="card scroll-mt-24">
      <ProfileFormShell form={form} intent={props.id} alert={false}>
        <div className="mb-5 flex items-center justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-3 font-serif text-2xl font-semibold">
            {props.icon}
            {props.title}
          </h2>
          {props.editing ? (
            <div className="flex gap-2">
              <Link
                to="?"
                preventScrollReset
                className="rounded-full p-2 text-mist-muted hover:bg-violet-500/10 hover:text-mist"
                aria-label={`Cancel editing ${props.title}`}
              >
                <Undo2 aria-hidden size={20} />
              </Link>
              <button
                type="submit"
                disabled={saving}
                className="rounded-full bg-gold p-2 text-night-950 hover:bg-amber-300 disabled:opacity-60"
                aria-label={`Save ${props.title}`}
              >
                <Check aria-hidden size={20} />
              </button>
            </div>
          ) : (
            <Link
              to={`?edit=${props.id}#${props.id}`}
              preventScrollReset
              className="rounded-full p-2 text-violet-200 hover:bg-violet-500/10 hover:text-gold"
              aria-label={`Edit ${props.title}`}
            >
              <Pencil aria-hidden size={20} />
            </Link>
          )}
        </div>
        {props.editing ? (
          <div className="grid gap-4">
            {form.formError ? <FormAlert message={form.formError.description} /> : null}
            {props.fields.map((field) => {
              const { id, name, defaultValue, error, autoFocus } = form.field(field.name);
              const input = {
                id,
                name,
                // After an error, what was typed; otherwise what is stored.
                defaultValue: defaultValue ?? field.value,
                maxLength: field.maxLength,
                autoFocus,
                "aria-invalid": error ? true : undefined,
                "aria-describedby": error ? `${id}-error` : undefined,
              };
              return (
                <div key={field.name}>
                  <label htmlFor={id} className="mb-1 block text-sm font-medium">
                    {field.label}
                  </label>
                  {field.multiline ? (
                    <textarea {...input} className="field min-h-[90px]" />
                  ) : (
                    <input
                      {...input}
                      inputMode={field.inputMode}
                      autoComplete={field.autoComplete ?? "off"}
                      className="field"
                    />
                  )}
                  <FieldError id={`${id}-error`} className="mt-1" message={error} />
                </div>
              );
            })}
            {props.extra}
          </div>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            {props.fields.map((field) => (
              <div key={field.name} className={field.multiline ? "sm:col-span-2" : undefined}>
                <dt className="text-sm text-mist-muted">{field.label}</dt>
                <dd className="mt-1 whitespace-pre-wrap break-words">
                  {field.value || <span className="text-mist-muted italic">Not set</span>}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </ProfileFormShell>
      {props.footer}
    </section>
  );
}
