import { FieldError } from "~/components/forms/field";
import { WHO5_INTRO, WHO5_ITEMS, WHO5_SCALE } from "~/modules/follow-ups/who5";

/**
 * The five WHO-5 statements, each a group of six real radio buttons (keyboard, screen readers,
 * forms without JavaScript), drawn as chips that wrap on a phone. A group left unanswered says so
 * under itself, and each of its buttons points at that message.
 */
export function Who5Fields({
  formId,
  errors,
  wasChecked,
  disabled,
}: {
  formId: string;
  errors: Readonly<Record<string, string | undefined>>;
  wasChecked(name: string, value: string): boolean;
  disabled?: boolean;
}) {
  const firstWrong = WHO5_ITEMS.findIndex((_, i) => errors[`q${i + 1}`]);
  return (
    <div className="grid gap-5">
      <p className="font-medium">{WHO5_INTRO}</p>
      {WHO5_ITEMS.map((statement, i) => {
        const name = `q${i + 1}`;
        const error = errors[name];
        const errorId = `${formId}-${name}-error`;
        return (
          <fieldset key={name} className="min-w-0">
            <legend className="mb-2 text-mist">{statement}</legend>
            <div className="flex flex-wrap gap-2">
              {WHO5_SCALE.map((choice, j) => (
                <label key={choice.points} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name={name}
                    value={String(choice.points)}
                    defaultChecked={wasChecked(name, String(choice.points))}
                    disabled={disabled}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    // biome-ignore lint/a11y/noAutofocus: only on the page answering this form's error, on the first statement left unanswered
                    autoFocus={i === firstWrong && j === 0 ? true : undefined}
                    className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
                  />
                  <span className="block rounded-full border border-violet-300/30 px-3 py-1.5 text-sm text-mist transition peer-checked:border-gold peer-checked:bg-gold/15 peer-checked:text-gold peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold">
                    {choice.label}
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={errorId} className="mt-1" message={error} />
          </fieldset>
        );
      })}
    </div>
  );
}
