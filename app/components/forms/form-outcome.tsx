import { useEffect } from "react";
import { useLocation, useSearchParams } from "react-router";
import { notify } from "~/components/ui/notify";
import { useHydrated } from "~/components/ui/use-hydrated";
import { OUTCOME_PARAM, type Outcomes, outcomeMessage } from "~/forms/outcome";
import { NoticeBox } from "./notice-box";

/**
 * What a page says after one of its forms worked (app/forms/outcome.ts): the page's message for
 * the address's `?done=`. Without JavaScript a banner; in the running app the same message as a
 * toast, once per arrival. Nothing while the page shows a newer answer of its own (`answered`), so
 * an error after a success is never shown beside that success.
 */
export function FormOutcome({
  messages,
  answered = false,
  className,
}: {
  messages: Outcomes;
  answered?: boolean;
  className?: string;
}) {
  const [params] = useSearchParams();
  const { key: arrival } = useLocation();
  const hydrated = useHydrated();
  const message = answered ? null : outcomeMessage(messages, params.get(OUTCOME_PARAM));
  useEffect(() => {
    if (!hydrated || !message || !arrival) return;
    const id = `outcome-${arrival}`;
    if (typeof message === "string") notify("success", message, { id });
    else notify("success", message.title, { description: message.description, id });
  }, [hydrated, message, arrival]);
  if (!message || hydrated) return null;
  return typeof message === "string" ? (
    <NoticeBox tone="success" className={className}>
      {message}
    </NoticeBox>
  ) : (
    <NoticeBox tone="success" notice={message} className={className} />
  );
}
