const TONES: Record<string, string> = {
  new: "border-gold/60 text-gold",
  pending: "border-gold/60 text-gold",
  approved: "border-emerald-400/60 text-emerald-200",
  sent: "border-emerald-400/60 text-emerald-200",
  declined: "border-rose-400/60 text-rose-200",
  failed: "border-rose-400/60 text-rose-200",
  disabled: "border-rose-400/60 text-rose-200",
  waiting: "border-gold/60 text-gold",
  answered: "border-emerald-400/60 text-emerald-200",
  "waiting-keeper": "border-gold/60 text-gold",
  "waiting-member": "border-emerald-400/60 text-emerald-200",
  closed: "border-violet-300/40 text-mist-muted",
  "in-review": "border-violet-300/60 text-violet-200",
  waitlisted: "border-sky-300/60 text-sky-200",
  refunded: "border-rose-400/60 text-rose-200",
  paid: "border-emerald-400/60 text-emerald-200",
  confirmed: "border-emerald-400/60 text-emerald-200",
  requested: "border-gold/60 text-gold",
  held: "border-gold/60 text-gold",
  cancelled: "border-rose-400/60 text-rose-200",
  expired: "border-violet-300/40 text-mist-muted",
  urgent: "border-rose-300 bg-rose-500/20 font-semibold text-rose-100",
  handled: "border-emerald-400/60 text-emerald-200",
  draft: "border-violet-300/60 text-violet-200",
  scheduled: "border-emerald-400/60 text-emerald-200",
  sending: "border-gold/60 text-gold",
  unsubscribed: "border-violet-300/40 text-mist-muted",
};

const badge = (status: string, label: string) => (
  <span className={`inline-block rounded-full border px-3 py-0.5 text-xs ${TONES[status] ?? "border-violet-300/40"}`}>
    {label}
  </span>
);

/** A record's state; with `payment`, the state of the payment that paid for it beside it (a refund shows). */
export function StatusBadge({ status, payment, label }: { status: string; payment?: string | null; label?: string }) {
  if (!payment) return badge(status, label ?? status);
  return (
    <span className="flex flex-wrap gap-2">
      {badge(status, status)}
      {badge(payment, `payment ${payment}`)}
    </span>
  );
}
