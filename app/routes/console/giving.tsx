import { Download } from "lucide-react";
import { data, Form, useSearchParams } from "react-router";
import { DataTable } from "~/components/console/data-table";
import { OlderLink } from "~/components/console/older-link";
import { ConsoleOutcome } from "~/components/console/outcome";
import { StatusBadge } from "~/components/console/status-badge";
import { StatusFilter } from "~/components/console/status-filter";
import { FormAlert } from "~/components/forms/form-alert";
import { InPersonGiftForm } from "~/components/giving/in-person-gift-form";
import { RecurringOverview } from "~/components/giving/recurring-overview";
import { RefundGiftButton } from "~/components/giving/refund-gift-button";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { DAY_INVALID, formatDate, formatDateTime } from "~/lib/dates";
import { beforeCursor } from "~/lib/ids";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { refundSchema } from "~/modules/console/validation";
import { readWholeDollars } from "~/modules/giving/amount";
import { formatCents } from "~/modules/giving/amounts";
import { giftFilterFrom } from "~/modules/giving/filter";
import {
  GIFT_PAGE_SIZE,
  getGift,
  giftTotals,
  listGifts,
  recordInPersonGift,
  refundGift,
} from "~/modules/giving/gifts.server";
import { giftMethodLabel } from "~/modules/giving/method";
import { recurringOverview } from "~/modules/giving/recurring.server";
import { inPersonGiftSchema } from "~/modules/giving/validation";
import { PaymentProviderError } from "~/modules/payments/payments.server";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import { requireStaff } from "../guards.server";
import type { Route } from "./+types/giving";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const { filter, invalid } = giftFilterFrom(url);
  const canRefund = viewer.role === "admin";
  const overview = await recurringOverview(handles.db);
  const recurring = {
    active: overview.active,
    paused: overview.paused,
    monthly: formatCents(overview.monthlyCents),
    failing: overview.failing.map((r) => ({
      id: r.id,
      donorName: r.donorName,
      donorEmail: r.donorEmail,
      amount: `${formatCents(r.amountCents + r.feeCents)} a ${r.interval}`,
      status: r.status,
      failures: r.failedPayments,
      retryOn: r.nextRetryAt ? formatDate(r.nextRetryAt, viewer.timezone) : null,
    })),
  };
  if (invalid) {
    const none = formatCents(0);
    const totals = { count: 0, given: none, refunded: none, net: none, fees: null };
    return data(
      {
        canRefund,
        recurring,
        filterError: DAY_INVALID,
        totals,
        rows: [],
        next: null,
        today: new Date().toISOString().slice(0, 10),
      },
      { status: 400 },
    );
  }
  const before = beforeCursor(url);
  const zone = viewer.timezone;
  const [rows, totals] = await Promise.all([
    listGifts(handles.db, { ...filter, before }),
    giftTotals(handles.db, filter),
  ]);
  return {
    canRefund,
    recurring,
    today: new Date().toISOString().slice(0, 10),
    filterError: null,
    totals: {
      count: totals.count,
      given: formatCents(totals.givenCents),
      refunded: formatCents(totals.refundedCents),
      net: formatCents(totals.givenCents - totals.refundedCents),
      fees: totals.feeCents > 0 ? formatCents(totals.feeCents) : null,
    },
    rows: rows.map((g) => ({
      id: g.id,
      kind: g.kind,
      amount: formatCents(g.amountCents),
      fee: g.feeCents > 0 ? `with ${formatCents(g.feeCents)} fee` : null,
      donorName: g.donorName,
      donorEmail: g.donorEmail,
      // A gift given in person has a day, not a time (kept at noon UTC).
      givenAt: g.method === "online" ? formatDateTime(g.givenAt, zone) : formatDate(g.givenAt, "UTC"),
      refunded: g.refundedAt !== null,
      how: giftMethodLabel(g),
      inPerson: g.method !== "online",
    })),
    next: rows.length === GIFT_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

/**
 * Refunds are money leaving the congregation: admins only. No one-time key here: the gift itself is
 * the key. refundGift locks it while unrefunded and refunds it in the same unit of work that marks
 * it so; a repeated post (a lost answer, a double click) waits, finds the gift refunded and gets the
 * same answer as the first: the gift is refunded.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = requireStaff(context.get(viewerContext), "admin");
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const url = new URL(request.url);
    switch (submission.fields.intent) {
      case "refund": {
        const parsed = parse(submission, refundSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors);
        const giftId = Number(parsed.data.refund);
        try {
          const outcome = await refundGift(handles.db, handles.env, giftId, viewer, handles.clientIp);
          if (outcome !== "refunded" && !(await getGift(handles.db, giftId))?.refundedAt) {
            return consoleRefused(submission, "This gift cannot be refunded.", 409);
          }
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          return consoleRefused(
            submission,
            "The payment provider did not answer; nothing was refunded. Try again.",
            502,
          );
        }
        return succeeded(request, {
          redirectTo: donePage(url.pathname, "refunded", url.searchParams),
          data: { done: "refunded" },
        });
      }
      case "record": {
        const parsed = parse(submission, inPersonGiftSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, Object.keys(inPersonGiftSchema.shape));
        const { amount, ...rest } = parsed.data;
        const read = readWholeDollars(amount);
        const cents = (read.ok && read.dollars ? read.dollars : 0) * 100;
        // One gift per one-time key: a double click or a resend records it once.
        const identity = { scope: "console.gift.record", key: submission.key, ownerId: viewer.id, subject: NEW_RECORD };
        const answer = await once(handles.db, identity, async (tx) => {
          await recordInPersonGift(tx, viewer, { ...rest, cents }, handles.clientIp);
          return { redirectTo: donePage(url.pathname, "recorded", url.searchParams), data: { done: "recorded" } };
        });
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

export default function Giving({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, totals, next, canRefund, filterError, today } = loaderData;
  const result = actionData;
  const recordAnswer = result && !result.ok && result.values?.intent === "record" ? result : undefined;
  const record = useForm({
    id: "record",
    result: recordAnswer ?? (result?.ok ? result : undefined),
    schema: loadSchema,
    onSuccess: (_data, element) => element?.reset(),
  });
  const [params] = useSearchParams();
  const csv = new URLSearchParams(params);
  csv.delete("before");
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Giving</h1>
        <a href={`/console/giving.csv?${csv}`} className="btn-ghost" download>
          <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
        </a>
      </div>
      <StatusFilter
        param="kind"
        label="Filter by kind"
        values={[
          { value: "offering", label: "offerings" },
          { value: "ceremony", label: "ceremony donations" },
        ]}
      />
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        {params.get("kind") ? <input type="hidden" name="kind" value={params.get("kind") ?? ""} /> : null}
        <label className="grid gap-1 text-sm">
          From
          <input type="date" name="from" defaultValue={params.get("from") ?? ""} className="field" />
        </label>
        <label className="grid gap-1 text-sm">
          To
          <input type="date" name="to" defaultValue={params.get("to") ?? ""} className="field" />
        </label>
        <button type="submit" className="btn-ghost">
          Show
        </button>
      </Form>
      <FormAlert message={filterError} />
      <dl className="mt-6 grid gap-4 sm:grid-cols-4">
        {[
          ["Gifts", String(totals.count)],
          ["Given", totals.given],
          ["Refunded", totals.refunded],
          ["Net", totals.net],
        ].map(([term, value]) => (
          <div key={term} className="card">
            <dt className="text-sm text-mist-muted">{term}</dt>
            <dd className="mt-1 text-2xl font-semibold text-gold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {totals.fees ? (
        <p className="mt-2 text-sm text-mist-muted">
          {`The net includes ${totals.fees} that donors gave to cover processing fees.`}
        </p>
      ) : null}
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.giving} />
      <DataTable
        caption="Gifts"
        rows={rows}
        rowKey={(g) => g.id}
        empty="No gifts here."
        columns={[
          { header: "Receipt", className: "tabular-nums", cell: (g) => g.id },
          { header: "Given", nowrap: true, cell: (g) => g.givenAt },
          {
            header: "Donor",
            primary: true,
            cell: (g) => (
              <>
                {g.donorName}
                <span className="block font-normal text-mist-muted">{g.donorEmail}</span>
              </>
            ),
          },
          { header: "Kind", cell: (g) => g.kind },
          { header: "How", cell: (g) => g.how },
          {
            header: "Amount",
            align: "right",
            className: "tabular-nums",
            cell: (g) => (
              <>
                {g.amount}
                {g.fee ? <span className="block text-xs font-normal text-mist-muted">{g.fee}</span> : null}
              </>
            ),
          },
          {
            header: "Refund",
            hideHeader: true,
            cell: (g) =>
              g.refunded ? (
                <StatusBadge status="refunded" label={g.inPerson ? "given back" : "refunded"} />
              ) : canRefund ? (
                <RefundGiftButton gift={g} result={result} />
              ) : null,
          },
        ]}
      />
      <OlderLink value={next} />
      <RecurringOverview view={loaderData.recurring} />
      {canRefund ? (
        <>
          <h2 className="mt-10 mb-4 font-serif text-2xl font-semibold">Record a gift given in person</h2>
          <InPersonGiftForm form={record} today={today} />
        </>
      ) : null}
    </>
  );
}

const loadSchema = () => import("~/modules/giving/validation").then((m) => m.inPersonGiftSchema);
