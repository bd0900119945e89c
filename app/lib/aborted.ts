/** Whether a rejection is a request cancelled through an AbortSignal (and nothing else). */
export function isAbortRejection(reason: unknown): boolean {
  return (
    typeof reason === "object" &&
    reason !== null &&
    (reason as { name?: unknown }).name === "AbortError" &&
    // A DOMException in browsers; an Error subclass in other runtimes.
    (typeof DOMException === "undefined" || reason instanceof DOMException || reason instanceof Error)
  );
}
