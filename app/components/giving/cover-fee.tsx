import { useRouteLoaderData } from "react-router";
import { FieldError } from "~/components/forms/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { PublicEnv } from "~/env.server";
import type { FormResult } from "~/forms/forms";
import { formatCents } from "~/modules/giving/amounts";
import { type FeeRate, feeCents, feeOffered } from "~/modules/giving/fee";

/** The settings' "cover the fee" rate (root loader), or null when it adds nothing and no box is offered. */
export function useFeeRate(): FeeRate | null {
  const rate = useRouteLoaderData<PublicEnv>("root")?.giftFee;
  return rate && feeOffered(rate) ? rate : null;
}

/** Whether a refused form had the box ticked, so it comes back as it was sent. */
export const coverFeeSent = (result: FormResult | undefined) =>
  Boolean(result && !result.ok && result.values?.coverFee === "on");

/** What a gift of `dollars` costs with the box as it stands (cents), and the fee in it. */
export function withFee(dollars: number | null, rate: FeeRate | null, cover: boolean) {
  if (dollars === null) return null;
  const fee = cover && rate ? feeCents(dollars * 100, rate) : 0;
  return { totalCents: dollars * 100 + fee, feeCents: fee };
}

const percent = (rate: FeeRate) =>
  [rate.percent > 0 ? `${rate.percent}%` : null, rate.fixedCents > 0 ? formatCents(rate.fixedCents) : null]
    .filter(Boolean)
    .join(" + ");

/**
 * "Cover the fee" (issue 34): a real checkbox, sent with the form with or without JavaScript. With a
 * known amount and JavaScript it names the fee in dollars (the server works it out the same way,
 * giving/fee.ts); otherwise the rate.
 */
export function CoverFeeBox({
  rate,
  dollars,
  checked,
  onChange,
  error,
  id,
}: {
  rate: FeeRate;
  dollars: number | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The server's word on a value no box sends. */
  error?: string;
  /** The form's id: the message's id is `${id}-coverFee-error`. */
  id: string;
}) {
  const errorId = `${id}-coverFee-error`;
  // Without JavaScript the label cannot follow the amount chosen: it names the rate, not dollars.
  const live = useHydrated();
  const fee = live && dollars && dollars > 0 ? feeCents(dollars * 100, rate) : null;
  return (
    <div>
      <label className="flex items-start gap-3 rounded-xl border border-violet-300/25 p-4 has-checked:border-gold has-checked:bg-gold/10">
        <input
          type="checkbox"
          name="coverFee"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-4 w-4 accent-gold"
        />
        <span>
          <span className="block font-medium">
            {fee === null ? "Cover the processing fee" : `Add ${formatCents(fee)} to cover the processing fee`}
          </span>
          <span className="text-sm text-mist-muted">
            {`The payment processor keeps ${percent(rate)} of each gift. Adding it means all of your gift reaches the congregation; your receipt shows both.`}
          </span>
        </span>
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
