import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { notify } from "~/components/ui/notify";
import type { FormResult } from "~/forms/forms";
import { OUTCOME_PARAM, outcomeMessage } from "~/forms/outcome";

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
    const message = result?.ok ? outcomeMessage(messages, result.data?.done) : null;
    if (typeof message === "string") notify("success", message);
  }, [result, messages]);
  if (result && !result.ok) {
    // A field's own message shows under the field; the notice (if any) is for the rest.
    const notice = result.formError?.description;
    return notice ? <Alert>{notice}</Alert> : null;
  }
  const message = result ? null : outcomeMessage(messages, params.get(OUTCOME_PARAM));
  return typeof message === "string" ? (
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
