/**
 * Toasts (sonner), loaded on first use so the library stays out of every page's first
 * download. The spec pairs each notice as a title and a description. A toast for one event (a
 * page's arrival) has an `id`: told twice (an effect run again by a remount), it shows once.
 */
export function notify(
  kind: "success" | "error",
  title: string,
  options?: { description?: string; duration?: number; id?: string },
) {
  void import("sonner").then(({ toast }) => toast[kind](title, options));
}
