import { describe, expect, it } from "vitest";
import { sanitiseChatMessage } from "./chat";
import { guideReply } from "./chat-replies.server";

describe("the guide chat", () => {
  it("removes angle brackets, script protocols and inline handlers, trims and cuts to 2000", () => {
    expect(sanitiseChatMessage("  <script>alert(1)</script>  ")).toBe("scriptalert(1)/script");
    expect(sanitiseChatMessage("see JavaScript:alert(1)")).toBe("see alert(1)");
    expect(sanitiseChatMessage('x" onerror=alert(1)')).toBe('x" alert(1)');
    expect(sanitiseChatMessage("a".repeat(2500))).toHaveLength(2000);
    expect(sanitiseChatMessage("   ")).toBe("");
  });

  it.each([
    ["I'm scared of losing control", "natural to feel some fear"],
    ["I think I'm ready to book", "Preparation Session"],
    ["Do you have an FAQ?", "Our FAQ"],
    ["How long is a ceremony?", "human guides"],
    ["thank you so much", "most welcome"],
    ["hello", "A human guide can answer you"],
  ])("answers %j from its keyword group", (message, expected) => {
    expect(guideReply(message).text).toContain(expected);
  });

  it("reassures before anything else, and matches whole words only", () => {
    expect(guideReply("What if I'm nervous?").text).toContain("natural to feel some fear");
    expect(guideReply("I already know").text).toContain("A human guide can answer you");
  });
});
