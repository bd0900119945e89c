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
