import { FieldError } from "./field";
/** A set of toggles drawn as chips; each is a real checkbox (keyboard, screen readers, no-JS forms). */
export function ChoiceChips(props: {
  name: string;
  legend: string;
  choices: ReadonlyArray<string>;
  selected: ReadonlyArray<string>;
  disabled?: boolean;
  /** The group's message: every chip is marked and points at it (a screen reader reads a box on its own). */
  error?: string;
  /** Unique on the page (two forms may share a field name); the message's id is `${id}-error`. */
  id?: string;
}) {
  const errorId = `${props.id ?? `chips-${props.name}`}-error`;
  return (
    <fieldset>
      <legend className="mb-2 font-medium">{props.legend}</legend>
      <div className="flex flex-wrap gap-2">
        {props.choices.map((choice) => (
          <label key={choice} className="relative cursor-pointer">
            <input
              type="checkbox"
              name={props.name}
              value={choice}
              defaultChecked={props.selected.includes(choice)}
              disabled={props.disabled}
              aria-invalid={props.error ? true : undefined}
              aria-describedby={props.error ? errorId : undefined}
              className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            <span className="block rounded-full border border-violet-300/30 px-3 py-1.5 text-sm text-mist transition peer-checked:border-gold peer-checked:bg-gold/15 peer-checked:text-gold peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold">
              {choice}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} className="mt-1" message={props.error} />
    </fieldset>
  );
}
