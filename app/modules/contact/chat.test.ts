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

  // Issue 14: membership is free (SPEC.md "The Calling"); joining must never meet the $600 session.
  it.each([
    "How do I join the church?",
    "I'd like to become a member",
    "Is membership free?",
    "How much does membership cost?",
    "Can I sign up to be part of the congregation?",
    "How can I JOIN?",
  ])("answers the joining question %j with The Calling and /contact, not the paid session", (message) => {
    const reply = guideReply(message);
    expect(reply.text).toContain("Membership of the church is free");
    expect(reply.text).not.toContain("$600");
    expect(reply.links?.map((l) => l.href)).toEqual(["/the-invitation#how-to-join", "/contact"]);
  });

  it.each([
    "I think I'm ready to book",
    "How do I book a preparation session?",
    "What is the price of a session?",
    "How much does it cost?",
    "Can I join a session on Zoom?",
    "I want to schedule an appointment",
  ])("still answers the booking or price question %j with the Preparation Session", (message) => {
    const reply = guideReply(message);
    expect(reply.text).toContain("Preparation Session");
    expect(reply.text).toContain("$600");
    expect(reply.links?.[0]?.href).toBe("/start-your-journey#offer-preparation");
  });

  it("reassures before anything else, and matches whole words only", () => {
    expect(guideReply("What if I'm nervous?").text).toContain("natural to feel some fear");
    expect(guideReply("I already know").text).toContain("A human guide can answer you");
  });
});
