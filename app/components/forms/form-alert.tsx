/**
 * The one alert a form shows at a time (errors are announced; successes are polite). `id`: the
 * controls whose message it holds point at it (aria-describedby, useOneAlert's `control`).
 * `notes`: the messages of other fields wrong at the same time, for the screen reader on each.
 */
export function FormAlert({
  message,
  tone = "error",
  id,
  notes = [],
}: {
  message: string | null;
  tone?: "error" | "success";
  id?: string;
  notes?: ReadonlyArray<{ id: string; message: string }>;
}) {
  if (!message) return null;
  return tone === "error" ? (
    <>
      <p id={id} role="alert" className="rounded-lg border border-rose-400/50 bg-rose-500/10 p-4 text-rose-100">
        {message}
      </p>
      {notes.map((note) => (
        <span key={note.id} id={note.id} hidden>
          {note.message}
        </span>
      ))}
    </>
  ) : (
    <p id={id} role="status" className="rounded-lg border border-emerald-400/40 bg-emerald-500/10 p-4 text-emerald-100">
      {message}
    </p>
  );
}
