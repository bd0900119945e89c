import { Link2 } from "lucide-react";
import { ButtonForm } from "./profile-form";

export interface LinkableRow {
  key: string;
  label: string;
  /** As the member reads it, in their zone. */
  at: string;
}

/**
 * What was sent to us from the member's proven address before they signed in: listed one by one,
 * and joined to the account only when the member says so (the form posts exactly these keys).
 */
export function LinkRecordsCard(props: { email: string; records: ReadonlyArray<LinkableRow> }) {
  if (props.records.length === 0) return null;
  return (
    <section id="link-records" aria-labelledby="link-records-title" className="card scroll-mt-24">
      <h2 id="link-records-title" className="mb-3 flex items-center gap-3 font-serif text-2xl font-semibold">
        <Link2 aria-hidden className="text-gold" />
        Found With Your Address
      </h2>
      <p className="text-mist-muted">
        These were sent to us from <span className="break-all text-mist">{props.email}</span> without signing in. Link
        them to your account to see them here, in your calendar and giving statements, and in your data download; if you
        delete your account, they go with it (gifts stay as receipts).
      </p>
      <ul className="mt-4 grid gap-2">
        {props.records.map((r) => (
          <li key={r.key} className="flex flex-wrap justify-between gap-2 rounded-lg border border-violet-300/15 p-3">
            <span>{r.label}</span>
            <span className="text-sm text-mist-muted">{r.at}</span>
          </li>
        ))}
      </ul>
      <ButtonForm
        intent="link-records"
        hidden={{ records: props.records.map((r) => r.key).join(",") }}
        className="mt-4 grid justify-items-start gap-3"
        buttonClassName="btn-gold"
      >
        Link These to My Account
      </ButtonForm>
    </section>
  );
}
