import { type ChangeEvent, type FormEvent, useState } from "react";
import type { FieldErrors, Notice } from "~/lib/forms";

/**
 * The account forms show one alert at a time (SPEC.md 4, Login: "error alert. Editing a field
 * clears the error"): the first field message, else the form's notice. Editing hides it until
 * the next submit brings a new answer.
 */
export function useOneAlert(form: {
  errors: FieldErrors;
  formError: Notice | null;
  props: {
    onChange(event: ChangeEvent<HTMLFormElement>): void;
    onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
  };
}) {
  const [hidden, setHidden] = useState(false);
  const message = hidden ? null : (Object.values(form.errors)[0] ?? form.formError?.description ?? null);
  return {
    message,
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
