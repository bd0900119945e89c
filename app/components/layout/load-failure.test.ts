import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { isLoadFailure } from "./load-failure";

/** What React Router hands the error boundary for an answer with this status. */
const answered = (status: number) => new ErrorResponse(status, "", null);

describe("a navigation failure", () => {
  it.each([
    new TypeError("Failed to fetch"),
    new TypeError("NetworkError when attempting to fetch resource."),
    new TypeError("Load failed"),
    new TypeError("Failed to fetch dynamically imported module: /assets/faq-x.js"),
    new Error("Unable to decode turbo-stream response"),
  ])("is an answer that never arrived: %s", (error) => {
    expect(isLoadFailure(error)).toBe(true);
  });

  it("is a 502, 503 or 504, not a 404 or a 500", () => {
    for (const status of [502, 503, 504]) expect(isLoadFailure(answered(status)), String(status)).toBe(true);
    for (const status of [400, 404, 500]) expect(isLoadFailure(answered(status)), String(status)).toBe(false);
  });

  it("is not a fault in the page", () => {
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(isLoadFailure(new Error("Unexpected Server Error"))).toBe(false);
    expect(isLoadFailure("boom")).toBe(false);
  });
});
