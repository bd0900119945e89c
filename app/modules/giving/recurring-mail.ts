import { formatCents } from "./amounts";
import type { RecurringGift } from "./schema";

/*
 * The recurring offering's emails (issue 34): each change a donor makes is confirmed, and a
 * collection that did not go through is said kindly, with what happens next and what to do.
 * None carries a link that grants anything: the profile is behind the sign-in.
 */

export const everyWord = (interval: RecurringGift["interval"]) => (interval === "month" ? "monthly" : "yearly");

/** "$25.00 every month" or "$25.00 and $1.36 for the fee, every month". */
export function amountWords(row: Pick<RecurringGift, "amountCents" | "feeCents" | "interval">) {
  const fee = row.feeCents > 0 ? ` and ${formatCents(row.feeCents)} to cover the processing fee` : "";
  return `${formatCents(row.amountCents)}${fee}, every ${row.interval}`;
}

type Change = "started" | "amount" | "paused" | "resumed" | "cancelled" | "failed" | "paused-failing";

const profileLine = (siteUrl: string) =>
  `You can change, pause or stop it at any time from your profile: ${siteUrl}/profile#recurring (after signing in).`;

/** The subject and paragraphs of a recurring offering's email. */
export function recurringMail(change: Change, row: RecurringGift, siteUrl: string) {
  const what = `${everyWord(row.interval)} offering`;
  const amount = amountWords(row);
  switch (change) {
    case "started":
      return {
        subject: `Your ${what} is set up`,
        paragraphs: [
          `Thank you. Your ${what} of ${amount} is set up. The first gift is collected now, and each one after it on the same day of the ${row.interval}; every gift has its own receipt.`,
          profileLine(siteUrl),
        ],
      };
    case "amount":
      return {
        subject: `Your ${what} is changed`,
        paragraphs: [
          `Your ${what} is now ${amount}. The provider applies a new amount from the next collection (PayPal may keep the old amount for a collection due within ten days).`,
          profileLine(siteUrl),
        ],
      };
    case "paused":
      return {
        subject: `Your ${what} is paused`,
        paragraphs: [
          `Your ${what} of ${amount} is paused. Nothing is collected until you resume it.`,
          profileLine(siteUrl),
        ],
      };
    case "resumed":
      return {
        subject: `Your ${what} is resumed`,
        paragraphs: [`Your ${what} of ${amount} is resumed. Thank you.`, profileLine(siteUrl)],
      };
    case "cancelled":
      return {
        subject: `Your ${what} is cancelled`,
        paragraphs: [
          `Your ${what} of ${amount} is cancelled. Nothing more will be collected. Thank you for all you have given; the gifts already made keep their receipts and count in your giving statement.`,
        ],
      };
    case "failed":
      return {
        subject: `Your ${what} did not go through this time`,
        paragraphs: [
          `This ${row.interval}'s gift of ${formatCents(row.amountCents + row.feeCents)} could not be collected. Nothing is wrong on your side that we know of, and there is nothing you must do: cards expire and banks decline now and then.`,
          `PayPal will try again${row.nextRetryAt ? ` on ${row.nextRetryAt.toISOString().slice(0, 10)}` : " in a few days"}. If your card or account has changed, you can update it in your PayPal account, or pause or stop the offering from your profile.`,
          profileLine(siteUrl),
        ],
      };
    case "paused-failing":
      return {
        subject: `Your ${what} is paused`,
        paragraphs: [
          `After several tries, your ${what} of ${amount} could not be collected, so it is paused and nothing more will be tried. You owe nothing for it.`,
          "If you wish to go on giving, please check your card or account at PayPal and then resume the offering from your profile. If not, there is nothing to do. Thank you for what you have given.",
          profileLine(siteUrl),
        ],
      };
  }
}
