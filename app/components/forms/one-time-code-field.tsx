/** The second-factor code: six digits from an authenticator app, or a recovery code (hence up to 64). */
export function OneTimeCodeField(props: { disabled?: boolean; className?: string }) {
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
        className={`field tracking-widest ${props.className ?? ""}`}
        disabled={props.disabled}
      />
    </div>
  );
}
