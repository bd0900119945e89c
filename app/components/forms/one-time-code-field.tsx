/**
 * The second-factor code: six digits from an authenticator app, or a recovery code (hence up to 64).
 * Never filled back in after an error: readSubmission keeps no code.
 */
export function OneTimeCodeField(props: {
  disabled?: boolean;
  className?: string;
  error?: string;
  autoFocus?: boolean;
  /** The alert that holds the code's message (useOneAlert's `control`). */
  "aria-describedby"?: string;
}) {
  return (
    <div>
      <label htmlFor="code" className="mb-2 block font-medium">
        Code
      </label>
      <input
        id="code"
        name="code"
        // Letters too: a recovery code ("k7m3p-x9qad") cannot be typed on a phone's number pad.
        inputMode="text"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        autoComplete="one-time-code"
        maxLength={64}
        // biome-ignore lint/a11y/noAutofocus: only on the page answering this field's error
        autoFocus={props.autoFocus}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props["aria-describedby"]}
        className={`field tracking-widest ${props.className ?? ""}`}
        disabled={props.disabled}
      />
    </div>
  );
}
