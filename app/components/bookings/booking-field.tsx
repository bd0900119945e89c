import { FieldError } from "~/components/forms/field";

/** One labelled input of the booking dialog's form, with its message under it. */
export function BookingField({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `booking-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        maxLength={name === "phone" ? 20 : name === "email" ? 254 : 100}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} className="mt-1" message={error} />
    </div>
  );
}
