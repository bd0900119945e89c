import { Check } from "lucide-react";
import { useFetcher } from "react-router";
import { NoticeBox } from "~/components/forms/notice-box";
import type { FormResult } from "~/forms/forms";

/**
 * A button that keeps something as an insight (a companion reply, a practice done). The server keeps
 * one per source, so a double click or a resubmit saves one. A plain form before JavaScript loads
 * (the page comes back with a notice); after it, the button says it is saved at once and a status
 * region tells screen readers. Once kept it stays a focusable button that posts nothing.
 */
export function KeepInsight({
  intent,
  fields,
  kept,
  label,
  keptLabel,
  name,
  className = "",
}: {
  intent: string;
  fields: Record<string, string>;
  /** Kept already (from the member's insights when the page loaded). */
  kept: boolean;
  label: string;
  keptLabel: string;
  /** What is kept, for screen readers when several such buttons share a page. */
  name?: string;
  className?: string;
}) {
  const fetcher = useFetcher<FormResult>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;
  // While the post and the reload after it are under way, its form data is there: shown as kept.
  const done = kept || (fetcher.formData !== undefined && !failed);
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type={done ? "button" : "submit"}
        aria-disabled={done || undefined}
        className={`inline-flex min-h-6 items-center gap-1 text-xs underline-offset-4 ${
          done ? "cursor-default text-gold" : "text-violet-200 underline hover:text-gold"
        }`}
      >
        {done ? <Check aria-hidden size={14} /> : null}
        {done ? keptLabel : label}
        {name ? <span className="sr-only">{` (${name})`}</span> : null}
      </button>
      <span role="status" className="sr-only">
        {fetcher.data?.ok ? `${keptLabel}${name ? `: ${name}` : ""}.` : ""}
      </span>
      {failed ? <NoticeBox notice={failed} inline className="text-xs" /> : null}
    </fetcher.Form>
  );
}

/** What a post without JavaScript lands on (`?done=`): the page says it worked. */
export function SavedNotice({ children, className = "" }: { children: string; className?: string }) {
  return (
    <NoticeBox tone="success" className={className}>
      {children}
    </NoticeBox>
  );
}
