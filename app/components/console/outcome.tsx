import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { notify } from "~/components/ui/notify";
import type { FormResult } from "~/forms/forms";

/** What a console action answers the running app on success: which outcome, for its toast. */
export interface ConsoleDone {
  done: string;
}

/**
 * The one alert of a console page for its forms (docs/decisions/008-one-form-pipeline.md): the
 * refusal or failure notice after a post, or, where a browser without JavaScript landed after a
 * change (`?done=`), what was done. With JavaScript a change is told by a toast instead. One per
 * page, so a page with several forms tells each answer once.
 */
export function ConsoleOutcome({
  result,
  messages,
}: {
  result: FormResult<ConsoleDone> | undefined;
  messages: Readonly<Record<string, string>>;
}) {
  const [params] = useSearchParams();
  useEffect(() => {
    const message = result?.ok ? messages[result.data?.done ?? ""] : undefined;
    if (message) notify("success", message);
  }, [result, messages]);
  if (result && !result.ok) {
    // A field's own message shows under the field; the notice (if any) is for the rest.
    const notice = result.formError?.description;
    return notice ? <Alert>{notice}</Alert> : null;
  }
  const done = params.get("done");
  const message = !result && done ? messages[done] : undefined;
  return message ? (
    <div className="mt-4">
      <FormAlert tone="success" message={message} />
    </div>
  ) : null;
}

function Alert({ children }: { children: string }) {
  return (
    <div className="mt-4">
      <FormAlert message={children} />
    </div>
  );
}

/** A field's message under a console field that is not a TextField (a select, a small input). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
      {error}
    </p>
  ) : null;
}
