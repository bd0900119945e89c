import { DataTable } from "~/components/console/data-table";
import { StatusBadge } from "~/components/console/status-badge";

export interface RecurringOverviewView {
  active: number;
  paused: number;
  monthly: string;
  failing: ReadonlyArray<{
    id: string;
    donorName: string;
    donorEmail: string;
    amount: string;
    status: string;
    failures: number;
    retryOn: string | null;
  }>;
}

/** Console → Giving's recurring offerings: counts, the monthly sum, and those whose collections failed. */
export function RecurringOverview({ view }: { view: RecurringOverviewView }) {
  return (
    <section id="recurring" aria-labelledby="recurring-title" className="mt-10 scroll-mt-24">
      <h2 id="recurring-title" className="font-serif text-2xl font-semibold">
        Recurring Offerings
      </h2>
      <p className="mt-2 text-mist-muted">
        {`${view.active} active, ${view.paused} paused; ${view.monthly} a month from those active (a yearly offering counts a twelfth).`}
      </p>
      <div className="mt-4">
        <DataTable
          caption="Collections that did not go through"
          rows={view.failing}
          rowKey={(r) => r.id}
          empty="Every recurring offering's last collection went through."
          columns={[
            {
              header: "Donor",
              primary: true,
              cell: (r) => (
                <>
                  {r.donorName}
                  <span className="block font-normal text-mist-muted">{r.donorEmail}</span>
                </>
              ),
            },
            { header: "Each time", align: "right", className: "tabular-nums", cell: (r) => r.amount },
            { header: "Failed in a row", className: "tabular-nums", cell: (r) => String(r.failures) },
            {
              header: "Where it stands",
              cell: (r) => (
                <>
                  <StatusBadge status={r.status} />
                  {r.retryOn ? (
                    <span className="block text-xs text-mist-muted">{`tried again ${r.retryOn}`}</span>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
