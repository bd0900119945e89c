import { describe, expect, it } from "vitest";
import { isAbortRejection } from "./aborted";

describe("isAbortRejection", () => {
  it("is true for a cancelled request, as browsers and Node report it", () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortRejection(controller.signal.reason)).toBe(true);
    expect(isAbortRejection(new DOMException("The user aborted a request.", "AbortError"))).toBe(true);
  });

  it("is false for every other failure", () => {
    const controller = new AbortController();
    controller.abort(new Error("the page was left"));
    expect(isAbortRejection(controller.signal.reason)).toBe(false);
    expect(isAbortRejection(new TypeError("Failed to fetch"))).toBe(false);
    expect(isAbortRejection(new DOMException("Timed out", "TimeoutError"))).toBe(false);
    expect(isAbortRejection({ name: "AbortError" })).toBe(false);
    expect(isAbortRejection("AbortError")).toBe(false);
    expect(isAbortRejection(undefined)).toBe(false);
  });
});
