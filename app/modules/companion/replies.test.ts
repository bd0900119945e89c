import { expect, it } from "vitest";
import { replyTo } from "./replies";

it("answers medical and crisis messages with a person, never advice", () => {
  expect(replyTo("Can I take my SSRI before the ceremony?", 0).text).toContain("I can't advise on medications");
  expect(replyTo("What dose should I take?", 0).text).toContain("medical question");
  expect(replyTo("I want to end my life", 0).text).toContain("988");
  expect(replyTo("I'm scared about Saturday", 0).link?.href).toBe("/meditations");
  expect(replyTo("How should I prepare?", 0).link?.href).toBe("/preparation-guide");
  expect(replyTo("The river kept returning in my dreams.", 3).text).toContain(
    '"The river kept returning in my dreams."',
  );
});
