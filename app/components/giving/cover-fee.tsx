import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { FieldError } from "~/components/forms/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { PublicEnv } from "~/env.server";
import type { FormResult } from "~/forms/forms";
import { formatCents, formatUsd } from "~/modules/giving/amounts";
import { feeCents, feeOffered } from "~/modules/giving/fee";

/**
 * "Cover the fee" on a giving form (issue 34): the settings' rate (root loader; null when it adds
 * nothing, and no box is offered), the box as it stands (as sent, after a refusal), and what a gift
 * of `dollars` comes to with it, for the total and the button: whole dollars, or cents once a fee is
 * added. The server works the fee out the same way (giving/fee.ts) and never takes the page's word.
 */
export function useCoverFee(result: FormResult | undefined, dollars: number | null) {
  const env = useRouteLoaderData<PublicEnv>("root")?.giftFee;
  const rate = env && feeOffered(env) ? env : null;
  const [checked, setChecked] = useState(() => Boolean(result && !result.ok && result.values?.coverFee === "on"));
  const fee = checked && rate && dollars ? feeCents(dollars * 100, rate) : 0;
  const total = dollars === null ? "" : fee > 0 ? formatCents(dollars * 100 + fee) : formatUsd(dollars);
  return { rate, checked, setChecked, total };
}

/**
 * The box: a real checkbox, sent with the form with or without JavaScript. With a known amount and
 * JavaScript it names the fee in dollars; otherwise the rate.
 */
export function CoverFeeBox(props: {
  cover: ReturnType<typeof useCoverFee>;
  dollars: number | null;
  /** The server's word on a value no box sends. */
  error?: string;
  /** The form's id: the message's id is `${id}-coverFee-error`. */
  id: string;
}) {
  const { rate, checked, setChecked } = props.cover;
  const live = useHydrated();
  if (!rate) return null;
  const errorId = `${props.id}-coverFee-error`;
  const fee = live && props.dollars ? formatCents(feeCents(props.dollars * 100, rate)) : null;
  const kept = [rate.percent && `${rate.percent}%`, rate.fixedCents && formatCents(rate.fixedCents)].filter(Boolean);
  return (
    <div>
      <label className="flex items-start gap-3 rounded-xl border border-violet-300/25 p-4 has-checked:border-gold has-checked:bg-gold/10">
        <input
          type="checkbox"
          name="coverFee"
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          className="mt-1 h-4 w-4 accent-gold"
        />
        <span>
          <span className="block font-medium">
            {fee ? `Add ${fee} to cover the processing fee` : "Cover the processing fee"}
          </span>
          <span className="text-sm text-mist-muted">
            {`The payment processor keeps ${kept.join(" + ")} of each gift; this adds it, so all of your gift arrives.`}
          </span>
        </span>
      </label>
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}
