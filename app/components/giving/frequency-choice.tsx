import { Link } from "react-router";
import { FieldError } from "~/components/forms/field";

export type Frequency = "once" | "month" | "year";

const CHOICES: ReadonlyArray<{ value: Frequency; label: string }> = [
  { value: "once", label: "Once" },
  { value: "month", label: "Every month" },
  { value: "year", label: "Every year" },
];

/**
 * How often to give (issue 34): real radios, sent with or without JavaScript. Giving every month or
 * year needs an account, so the donor can change, pause or stop it from their profile. The page is
 * the same for everyone (it is cached): a visitor is asked to sign in first, and once the browser
 * knows a member is signed in (`signedIn`, from /me) that request goes.
 */
export function FrequencyChoice({
  value,
  onChange,
  error,
  signedIn = false,
}: {
  signedIn?: boolean;
  value: Frequency;
  onChange: (value: Frequency) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium">How often</legend>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="relative cursor-pointer">
            <input
              type="radio"
              name="frequency"
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "donation-frequency-error" : "donation-frequency-hint"}
              className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            <span className="block rounded-full border border-violet-300/30 px-4 py-2 text-sm text-mist transition peer-checked:border-gold peer-checked:bg-gold/15 peer-checked:text-gold peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold">
              {choice.label}
            </span>
          </label>
        ))}
      </div>
      <p id="donation-frequency-hint" className="mt-1.5 text-sm text-mist-muted">
        Monthly and yearly offerings are kept on your profile, where you can change, pause or stop them at any time.
        {signedIn ? null : (
          <>
            {" "}
            They need an account:{" "}
            <Link to="/sacred-access?redirectTo=/donation" className="text-violet-200 underline underline-offset-4">
              sign in
            </Link>{" "}
            first.
          </>
        )}
      </p>
      <FieldError id="donation-frequency-error" message={error} />
    </fieldset>
  );
}
