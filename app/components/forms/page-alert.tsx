import type { FormResult } from "~/forms/forms";

/**
 * Above a page of several forms: a refusal that none of its forms shows itself. That is one whose
 * intent is not in `shownBy` (the forms that show their own messages): an intent missing, unknown
 * or sent twice (UNKNOWN_FORM), or a form of buttons and hidden ids with nowhere to put a message.
 * Said as the form's notice, else its first field message.
 */
export function PageAlert({ result, shownBy = [] }: { result: FormResult | undefined; shownBy?: readonly string[] }) {
  if (!result || result.ok) return null;
  const intent = result.values?.intent;
  if (typeof intent === "string" && shownBy.includes(intent)) return null;
  const description = result.formError?.description ?? Object.values(result.fieldErrors)[0];
  if (!description) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-rose-400/50 bg-rose-500/10 p-4">
      <p className="font-semibold text-rose-200">{result.formError?.title ?? "Not saved"}</p>
      <p className="text-rose-100">{description}</p>
    </div>
  );
}
