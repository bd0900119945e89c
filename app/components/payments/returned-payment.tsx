import { useEffect } from "react";
import { NoticeBox } from "~/components/forms/notice-box";
import { GIVING_MESSAGES } from "~/modules/giving/messages";
import { notify } from "../ui/notify";

type Returned = "cancelled" | "error" | null;

const noticeOf = (outcome: Returned) =>
  outcome === "cancelled" ? GIVING_MESSAGES.cancelled : outcome === "error" ? GIVING_MESSAGES.error : null;

/**
 * A payment that came back to a giving page cancelled or failed (`?payment=`): SPEC.md's toast
 * once the page runs, and the same words in the form, which is all a page without JavaScript shows.
 */
export function ReturnedPayment({ outcome }: { outcome: Returned }) {
  useEffect(() => {
    const notice = noticeOf(outcome);
    if (notice) notify("error", notice.title, { description: notice.description, id: `payment-${outcome}` });
  }, [outcome]);
  const notice = noticeOf(outcome);
  if (!notice) return null;
  return <NoticeBox dense>{notice.description}</NoticeBox>;
}
