import type { Participant } from "~/components/ceremonies/participant-card";
import { formatDate, formatSlot } from "~/lib/dates";
import type { dayForStaff } from "~/modules/ceremonies/days.server";
import { DOCUMENT_KINDS } from "~/modules/ceremonies/documents";
import { flagReason } from "~/modules/ceremonies/screening";

type Day = NonNullable<Awaited<ReturnType<typeof dayForStaff>>>;

/** One place as the readiness board shows it: done, missing, blocking (the same rules as confirmPlace's). */
export function participant(p: Day["places"][number], flags: Day["flags"], zone: string): Participant {
  const own = flags.filter((f) => f.placeId === p.id);
  const prep = p.preparation;
  const blocks = [
    p.signed < DOCUMENT_KINDS.length ? `${DOCUMENT_KINDS.length - p.signed} documents to sign` : null,
    own.some((f) => !f.settledAt || f.outcome === "declined") ? "a flag to settle" : null,
    prep?.heldAt ? null : "the preparation session not held",
  ].filter((b): b is string => b !== null);
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    signed: p.signed,
    preparation: prep
      ? {
          when: formatSlot(prep.startsAt, zone),
          by: prep.keeperName,
          held: prep.heldAt
            ? `held, marked by ${prep.heldByName ?? "a keeper"} on ${formatDate(prep.heldAt, zone)}`
            : null,
        }
      : null,
    flags: own.map((f) => ({
      id: f.id,
      severity: f.severity,
      urgent: f.urgent,
      reason: flagReason(f.code),
      settled: f.settledAt
        ? `${f.outcome === "declined" ? "Not this ceremony" : "Cleared"}: settled by ${f.settledByName ?? "a keeper"} on ${formatDate(f.settledAt, zone)}`
        : null,
    })),
    blocks,
  };
}
