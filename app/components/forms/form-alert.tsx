import { NoticeBox } from "./notice-box";

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
  return (
    <>
      <NoticeBox id={id} tone={tone}>
        {message}
      </NoticeBox>
      {notes.map((note) => (
        <span key={note.id} id={note.id} hidden>
          {note.message}
        </span>
      ))}
    </>
  );
}
