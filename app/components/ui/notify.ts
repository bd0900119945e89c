/**
 * Toasts (sonner), loaded on first use so the library stays out of every page's first
 * download. The spec pairs each notice as a title and a description.
 */
export function notify(
  kind: "success" | "error",
  title: string,
  options?: { description?: string; duration?: number },
) {
  void import("sonner").then(({ toast }) => toast[kind](title, options));
}
