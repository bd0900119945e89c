import { Form, Link } from "react-router";
import { StatusBadge } from "~/components/console/status-badge";
import { TextField } from "~/components/forms/field";
import type { FormResult } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { DOCUMENT_KINDS } from "~/modules/ceremonies/documents";

export interface Participant {
  id: number;
  name: string;
  status: string;
  signed: number;
  preparation: { when: string; by: string; held: string | null } | null;
  flags: ReadonlyArray<{
    id: number;
    severity: "excludes" | "judgement";
    urgent: boolean;
    reason: string;
    settled: string | null;
  }>;
  /** What still keeps the place from being confirmed, in words. */
  blocks: ReadonlyArray<string>;
}

/**
 * One participant on the keepers' readiness board: what is done, what is missing and what blocks
 * them, with the keepers' forms (schedule or mark the preparation session, settle a flag, confirm
 * the place). Each card answers only its own forms' results.
 */
export function ParticipantCard({
  participant: p,
  dayId,
  result,
  zone,
}: {
  participant: Participant;
  dayId: number;
  result: FormResult | undefined;
  zone: string;
}) {
  const own = result && !result.ok && result.values?.placeId === String(p.id) ? result : undefined;
  const form = useForm({ id: `place-${p.id}`, result: own });
  const holding = p.status === "accepted" || p.status === "invited";
  return (
    <li className="card">
      <p className="flex flex-wrap items-center gap-3">
        <span className="font-semibold">{p.name}</span>
        <StatusBadge status={p.status} />
        <span className="text-sm text-mist-muted">{`Packet: ${p.signed} of ${DOCUMENT_KINDS.length} signed`}</span>
        <Link
          to={`/console/ceremonies/${dayId}/places/${p.id}`}
          className="text-sm text-violet-200 underline underline-offset-4"
        >
          {`${p.name}: the day's record`}
        </Link>
      </p>
      {p.flags.length > 0 ? (
        <ul className="mt-3 grid gap-2" aria-label={`What ${p.name}'s answers flag`}>
          {p.flags.map((f) => (
            <li key={f.id} className={f.urgent ? "text-rose-200" : ""}>
              <strong>{f.urgent ? "Urgent. " : f.severity === "excludes" ? "Rules out. " : "Needs judgement. "}</strong>
              {f.reason}
              {f.settled ? (
                <span className="block text-sm text-mist-muted">{f.settled}</span>
              ) : holding ? (
                <Form method="post" className="mt-2 flex flex-wrap gap-2" {...form.props}>
                  <input {...form.keyField} />
                  <input type="hidden" name="placeId" value={p.id} />
                  <input type="hidden" name="flagId" value={f.id} />
                  {f.severity === "judgement" ? (
                    <button
                      type="submit"
                      name="intent"
                      value="settle-cleared"
                      className="btn-ghost"
                      disabled={form.pending}
                    >
                      Cleared After Talking
                    </button>
                  ) : null}
                  <button
                    type="submit"
                    name="intent"
                    value="settle-declined"
                    className="btn-ghost"
                    disabled={form.pending}
                  >
                    Not This Ceremony
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-sm">
        {p.preparation
          ? `Preparation session: ${p.preparation.when} with ${p.preparation.by}${p.preparation.held ? `; ${p.preparation.held}` : ""}.`
          : "No preparation session yet."}
      </p>
      {holding && !p.preparation?.held ? (
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" {...form.props}>
          <input {...form.keyField} />
          <input type="hidden" name="placeId" value={p.id} />
          <TextField {...form.field("day")} label="Preparation date" type="date" />
          <TextField {...form.field("time")} label="Time" type="time" hint={`Your time zone: ${zone}.`} />
          <button type="submit" name="intent" value="prepare" className="btn-ghost" disabled={form.pending}>
            {p.preparation ? "Move It" : "Schedule Preparation"}
          </button>
        </Form>
      ) : null}
      {p.preparation && !p.preparation.held && holding ? (
        <Form method="post" className="mt-3" {...form.props}>
          <input {...form.keyField} />
          <input type="hidden" name="placeId" value={p.id} />
          <button type="submit" name="intent" value="held" className="btn-ghost" disabled={form.pending}>
            I Led It: Mark Held
          </button>
        </Form>
      ) : null}
      {p.status === "accepted" ? (
        p.blocks.length > 0 ? (
          <p className="mt-3 text-sm text-mist-muted">{`Not yet confirmable: ${p.blocks.join("; ")}.`}</p>
        ) : (
          <Form method="post" className="mt-3" {...form.props}>
            <input {...form.keyField} />
            <input type="hidden" name="placeId" value={p.id} />
            <button type="submit" name="intent" value="confirm" className="btn-gold" disabled={form.pending}>
              Confirm This Place
            </button>
          </Form>
        )
      ) : null}
    </li>
  );
}
