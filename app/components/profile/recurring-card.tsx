import { Repeat } from "lucide-react";
import { Link } from "react-router";
import { TextField } from "~/components/forms/field";
import { formatCents } from "~/modules/giving/amounts";
import { WhatIsThis } from "../help/what-is-this";
import { ButtonForm, ProfileFormShell, useProfileForm } from "./profile-form";

export interface RecurringRow {
  id: string;
  every: "month" | "year";
  status: "active" | "paused" | "cancelled" | "pending";
  amountCents: number;
  feeCents: number;
  /** Dates as the member reads them (their zone), or null. */
  nextOn: string | null;
  retryOn: string | null;
  startedOn: string | null;
  failedPayments: number;
  /** No collection of it has landed yet (its first gift is on its way). */
  firstPending: boolean;
}

const FIRST_PENDING = "Your first gift is pending: it shows here, with its receipt by email, once it is collected.";

const STATUS = { active: "Active", paused: "Paused", cancelled: "Cancelled", pending: "Waiting for approval" } as const;
const TONE = {
  active: "border-emerald-400/60 text-emerald-100",
  paused: "border-gold/60 text-gold",
  cancelled: "border-violet-300/40 text-mist-muted",
  pending: "border-gold/60 text-gold",
} as const;

/**
 * The member's recurring offerings (issue 34): what each gives and when, a kind word when a
 * collection did not go through, and the forms to change the amount, pause, resume or cancel.
 * Every form is a plain post (the page's one pipeline) and works without JavaScript.
 */
export function RecurringCard({ rows }: { rows: ReadonlyArray<RecurringRow> }) {
  return (
    <section id="recurring" aria-labelledby="recurring-title" className="card scroll-mt-24">
      <h2 id="recurring-title" className="mb-5 flex items-center gap-3 font-serif text-2xl font-semibold">
        <Repeat aria-hidden className="text-gold" />
        Recurring Offerings
      </h2>
      <WhatIsThis topic="recurring-offerings" className="-mt-2 mb-5" />
      {rows.length === 0 ? (
        <p className="text-mist-muted">
          None. You can give every month or every year from{" "}
          <Link to="/donation" className="text-violet-200 underline underline-offset-4 hover:text-gold">
            Make an Offering
          </Link>
          ; it is kept here, where you can change, pause or stop it at any time.
        </p>
      ) : (
        <ul className="grid gap-4">
          {rows.map((row) => (
            <RecurringItem key={row.id} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecurringItem({ row }: { row: RecurringRow }) {
  const form = useProfileForm("recurring-amount", undefined, { field: "recurring", value: row.id });
  const title = `${row.every === "month" ? "Monthly" : "Yearly"} offering`;
  const fee = row.feeCents > 0 ? ` and ${formatCents(row.feeCents)} for the fee` : "";
  const open = row.status === "active" || row.status === "paused";
  return (
    <li className="grid gap-3 rounded-xl border border-violet-300/15 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{`${title}: ${formatCents(row.amountCents)}${fee}`}</h3>
        <span className={`rounded-full border px-3 py-0.5 text-xs ${TONE[row.status]}`}>{STATUS[row.status]}</span>
      </div>
      <p className="text-sm text-mist-muted">
        {[
          row.startedOn ? `Started ${row.startedOn}.` : null,
          row.status === "active" && row.firstPending ? FIRST_PENDING : null,
          row.status === "active" && !row.firstPending && row.nextOn ? `Next gift on ${row.nextOn}.` : null,
          row.status === "paused" ? "Nothing is collected while it is paused." : null,
        ]
          .filter(Boolean)
          .join(" ")}
      </p>
      {row.failedPayments > 0 && open ? (
        <p className="rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm">
          {row.status === "paused"
            ? "It was paused after several collections did not go through. You owe nothing. If you wish to go on, check your card or account at PayPal, then resume it."
            : `The last collection did not go through${row.retryOn ? `; PayPal tries again on ${row.retryOn}` : ""}. There is nothing you must do; if your card has changed, you can update it at PayPal.`}
        </p>
      ) : null}
      {open ? (
        <>
          <ProfileFormShell
            form={form}
            intent="recurring-amount"
            className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          >
            <input type="hidden" name="recurring" value={row.id} />
            <TextField
              {...form.field("amount")}
              label="Amount each time (whole dollars)"
              inputMode="decimal"
              maxLength={12}
              defaultValue={form.field("amount").defaultValue ?? String(row.amountCents / 100)}
            />
            <button type="submit" className="btn-ghost" disabled={form.pending}>
              Change Amount
            </button>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                name="coverFee"
                defaultChecked={row.feeCents > 0}
                className="h-4 w-4 accent-gold"
              />
              Add the processing fee, so all of the gift reaches the congregation
            </label>
          </ProfileFormShell>
          <div className="flex flex-wrap gap-3">
            <ButtonForm
              intent={row.status === "active" ? "recurring-pause" : "recurring-resume"}
              hidden={{ recurring: row.id }}
              buttonClassName="btn-ghost"
              alert={false}
            >
              {row.status === "active" ? "Pause" : "Resume"}
            </ButtonForm>
            <details className="group">
              <summary className="btn-ghost cursor-pointer list-none">Cancel…</summary>
              <div className="mt-3 grid gap-2 text-sm">
                <p>Nothing more will be collected. The gifts already made keep their receipts.</p>
                <ButtonForm
                  intent="recurring-cancel"
                  hidden={{ recurring: row.id }}
                  buttonClassName="btn-ghost border-rose-400/60 text-rose-100"
                  alert={false}
                >
                  Yes, Cancel It
                </ButtonForm>
              </div>
            </details>
          </div>
        </>
      ) : null}
    </li>
  );
}
