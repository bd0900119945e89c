import { Download } from "lucide-react";
import { data, Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { OlderLink } from "~/components/console/older-link";
import { StatusBadge } from "~/components/console/status-badge";
import { StatusFilter } from "~/components/console/status-filter";
import { FormAlert } from "~/components/forms/form-alert";
import { DAY_INVALID } from "~/lib/days";
import { formToObject } from "~/lib/forms";
import { beforeCursor, serialId } from "~/lib/ids";
import { formatDateTime } from "~/lib/time-format";
import { requireStaff } from "~/modules/accounts/session.server";
import { formatCents } from "~/modules/giving/amounts";
import { giftFilterFrom } from "~/modules/giving/filter";
import { GIFT_PAGE_SIZE, giftTotals, listGifts, refundGift } from "~/modules/giving/gifts.server";
import { PaymentProviderError } from "~/modules/payments/payments.server";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/giving";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const url = new URL(request.url);
  const { filter, invalid } = giftFilterFrom(url);
  const canRefund = viewer.role === "admin";
  if (invalid) {
    const none = formatCents(0);
    const totals = { count: 0, given: none, refunded: none, net: none };
    return data({ canRefund, filterError: DAY_INVALID, totals, rows: [], next: null }, { status: 400 });
  }
  const before = beforeCursor(url);
  const [rows, totals, zone] = await Promise.all([
    listGifts(context.db, { ...filter, before }),
    giftTotals(context.db, filter),
    memberTimezone(context.db, viewer.id),
  ]);
  return {
    canRefund,
    filterError: null,
    totals: {
      count: totals.count,
      given: formatCents(totals.givenCents),
      refunded: formatCents(totals.refundedCents),
      net: formatCents(totals.givenCents - totals.refundedCents),
    },
    rows: rows.map((g) => ({
      id: g.id,
      kind: g.kind,
      amount: formatCents(g.amountCents),
      donorName: g.donorName,
      donorEmail: g.donorEmail,
      givenAt: formatDateTime(g.givenAt, zone),
      refunded: g.refundedAt !== null,
    })),
    next: rows.length === GIFT_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

/** Refunds are money leaving the congregation: admins only. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaff(request, context, "admin");
  const giftId = serialId(formToObject(await request.formData()).refund) ?? 0;
  try {
    const outcome = await refundGift(context.db, context.env, giftId, viewer, context.clientIp);
    if (outcome !== "refunded") return data({ error: "This gift cannot be refunded." }, { status: 409 });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return data({ error: "The payment provider did not answer; nothing was refunded. Try again." }, { status: 502 });
  }
  return { error: null };
}

export default function Giving() {
  const { rows, totals, next, canRefund, filterError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
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
      <FormAlert message={result?.error ?? null} />
      {rows.length === 0 ? (
        <p className="mt-8 text-mist-muted">No gifts here.</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-mist-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">Receipt</th>
                <th className="py-2 pr-4 font-medium">Given</th>
                <th className="py-2 pr-4 font-medium">Donor</th>
                <th className="py-2 pr-4 font-medium">Kind</th>
                <th className="py-2 pr-4 text-right font-medium">Amount</th>
                <th className="py-2 pr-4 font-medium">
                  <span className="sr-only">Refund</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.id} className="border-t border-violet-300/10">
                  <td className="py-3 pr-4 tabular-nums">{g.id}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{g.givenAt}</td>
                  <td className="py-3 pr-4">
                    {g.donorName}
                    <span className="block break-all text-mist-muted">{g.donorEmail}</span>
                  </td>
                  <td className="py-3 pr-4">{g.kind}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{g.amount}</td>
                  <td className="py-3 pr-4">
                    {g.refunded ? (
                      <StatusBadge status="refunded" />
                    ) : canRefund ? (
                      <Form
                        method="post"
                        onSubmit={(e) => {
                          if (!window.confirm(`Refund ${g.amount} to ${g.donorName}?`)) e.preventDefault();
                        }}
                      >
                        <button
                          type="submit"
                          name="refund"
                          value={g.id}
                          className="btn-ghost px-3 py-1 text-xs"
                          disabled={busy}
                        >
                          Refund
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <OlderLink value={next} />
    </>
  );
}
