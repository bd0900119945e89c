/** Whether a rejection is a request cancelled through an AbortSignal (and nothing else). */
export function isAbortRejection(reason: unknown): boolean {
  // A DOMException is an Error in browsers and in Node alike.
  return reason instanceof Error && reason.name === "AbortError";
}
