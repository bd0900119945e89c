import { type ChangeEvent, type FormEvent, useState } from "react";
import type { FieldErrors, Notice } from "~/forms/forms";

/**
 * The account forms show one alert at a time (the spec's sign-in page: "error alert. Editing a field
 * clears the error"): the first field message, else the form's notice. Editing hides it until
 * the next submit brings a new answer. `control(name)` marks a control: invalid when its field
 * has an error, and described by the alert when the alert speaks for it, so a screen reader on
 * that control (autofocused after a refusal) reads the message and a page without JavaScript
 * says which field to mend. Another field wrong at the same time is described by a note of its
 * own that only screen readers read (`notes`, rendered by FormAlert): the one alert stays one.
 */
export function useOneAlert(form: {
  id: string;
  errors: FieldErrors;
  formError: Notice | null;
  props: {
    onChange(event: ChangeEvent<HTMLFormElement>): void;
    onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
  };
}) {
  const [hidden, setHidden] = useState(false);
  const first = Object.entries(form.errors).find(([, message]) => message);
  const message = hidden ? null : (first?.[1] ?? form.formError?.description ?? null);
  const id = `${form.id}-alert`;
  const noteId = (name: string) => `${id}-${name}`;
  const notes = hidden
    ? []
    : Object.entries(form.errors)
        .filter(([name, note]) => note && name !== first?.[0])
        .map(([name, note]) => ({ id: noteId(name), message: note }));
  return {
    id,
    message,
    notes,
    /** Spread on the form's FormAlert. */
    shown: { id, message, notes },
    control(name: string): { "aria-invalid"?: true; "aria-describedby"?: string } {
      if (!form.errors[name]) return {};
      if (!message) return { "aria-invalid": true };
      return { "aria-invalid": true, "aria-describedby": first?.[0] === name ? id : noteId(name) };
    },
    props: {
      ...form.props,
      onChange(event: ChangeEvent<HTMLFormElement>) {
        form.props.onChange(event);
        setHidden(true);
      },
      onSubmit(event: FormEvent<HTMLFormElement>) {
        setHidden(false);
        return form.props.onSubmit(event);
      },
    },
  };
}
