/**
 * The second-factor code: six digits from an authenticator app, or a recovery code (hence up to 64).
 * Never filled back in after an error: readSubmission keeps no code.
 */
export function OneTimeCodeField(props: {
  disabled?: boolean;
  className?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <div>
      <label htmlFor="code" className="mb-2 block font-medium">
        Code
      </label>
      <input
        id="code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={64}
        // biome-ignore lint/a11y/noAutofocus: only on the page answering this field's error
        autoFocus={props.autoFocus}
        aria-invalid={props.error ? true : undefined}
        className={`field tracking-widest ${props.className ?? ""}`}
        disabled={props.disabled}
      />
    </div>
  );
}
