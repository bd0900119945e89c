/** The one alert a form shows at a time (errors are announced; successes are polite). */
export function FormAlert({ message, tone = "error" }: { message: string | null; tone?: "error" | "success" }) {
  if (!message) return null;
  return tone === "error" ? (
    <p role="alert" className="rounded-lg border border-rose-400/50 bg-rose-500/10 p-4 text-rose-100">
      {message}
    </p>
  ) : (
    <p role="status" className="rounded-lg border border-emerald-400/40 bg-emerald-500/10 p-4 text-emerald-100">
      {message}
    </p>
  );
}
