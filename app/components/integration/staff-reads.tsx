/**
 * Who among the keepers opened what the member shared, and when (DESIGN.md: the member sees staff
 * reads). On the Facilitator Circle (all shares, an h3) and on one conversation's page (an h2).
 */
export function StaffReads({
  title,
  level,
  reads,
  className = "",
}: {
  title: string;
  level: "h2" | "h3";
  reads: ReadonlyArray<{ id: number; text: string }>;
  className?: string;
}) {
  const Heading = level;
  return (
    <section aria-labelledby="reads-title" className={`text-sm ${className}`}>
      <Heading id="reads-title" className="font-semibold">
        {title}
      </Heading>
      {reads.length === 0 ? (
        <p className="mt-1 text-mist-muted">No keeper has opened it yet.</p>
      ) : (
        <ul className="mt-1 grid gap-1 text-mist-muted">
          {reads.map((read) => (
            <li key={read.id}>{read.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
