import type { FormResult } from "~/forms/forms";
import { NoticeBox } from "./notice-box";

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
  return <NoticeBox notice={{ title: result.formError?.title ?? "Not saved", description }} className="mb-6" />;
}
