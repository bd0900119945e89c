import { describe, expect, it } from "vitest";
import { chooseOffering, readWholeDollars } from "./amount";
import { GIVING_MESSAGES } from "./messages";
import { checkoutSchema, donationSchema } from "./validation";

describe("readWholeDollars", () => {
  it.each([
    ["25", 25],
    ["25.00", 25],
    ["25.0", 25],
    ["$25", 25],
    ["$ 25.00", 25],
    [" 25 ", 25],
    ["1,000", 1000],
    ["6800", 6800],
  ])("reads %j as %i dollars", (text, dollars) => {
    expect(readWholeDollars(text)).toEqual({ ok: true, dollars });
  });

  it.each(["12.5", "12.50", "25.", ".5", "-5", "25x", "1,00", "2 5", "1e3", "０"])("refuses %j kindly", (text) => {
    expect(readWholeDollars(text)).toEqual({ ok: false, error: GIVING_MESSAGES.wholeDollars });
  });

  it("reads blank as nothing typed", () => {
    expect(readWholeDollars("  ")).toEqual({ ok: true, dollars: null });
  });
});

describe("chooseOffering", () => {
  it("takes the typed amount over the tier, and the tier when nothing is typed", () => {
    expect(chooseOffering("108", "50")).toEqual({ ok: true, dollars: 50, from: "custom" });
    expect(chooseOffering("108", "25.00")).toEqual({ ok: true, dollars: 25, from: "custom" });
    expect(chooseOffering("333", "")).toEqual({ ok: true, dollars: 333, from: "tier" });
  });

  it("refuses what is not ours to charge", () => {
    expect(chooseOffering("108", "5")).toMatchObject({ ok: false, error: GIVING_MESSAGES.minimum });
    expect(chooseOffering("108", "12.5")).toMatchObject({ ok: false, error: GIVING_MESSAGES.wholeDollars });
    expect(chooseOffering("", "100001")).toMatchObject({ ok: false, error: GIVING_MESSAGES.maximum });
    expect(chooseOffering("1", "")).toMatchObject({ ok: false, error: GIVING_MESSAGES.minimum });
    expect(chooseOffering("", "")).toMatchObject({ ok: false, error: GIVING_MESSAGES.minimum });
  });
});

describe("the schemas say the same", () => {
  // As the form pipeline reads a post: every field the schema names, "" when not sent.
  const donor = { donorName: "Ana Ruiz", email: "ana@example.org", frequency: "" };
  const amountError = (input: Record<string, string>) => {
    const result = donationSchema.safeParse({ tier: "", amount: "", ...donor, ...input });
    return result.success ? null : result.error.issues.find((i) => i.path[0] === "amount")?.message;
  };

  it("donation", () => {
    expect(amountError({ amount: "25.00" })).toBeNull();
    expect(amountError({ tier: "108" })).toBeNull();
    expect(amountError({ amount: "12.5" })).toBe(GIVING_MESSAGES.wholeDollars);
    expect(amountError({ tier: "108", amount: "5" })).toBe(GIVING_MESSAGES.minimum);
    expect(amountError({ amount: "100001" })).toBe(GIVING_MESSAGES.maximum);
    expect(amountError({})).toBe(GIVING_MESSAGES.minimum);
  });

  it("checkout", () => {
    const base = { email: "ana@example.org", donorName: "ANA RUIZ", cardLast4: "" };
    const first = (amount: string) => {
      const result = checkoutSchema.safeParse({ ...base, amount });
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(first("6,800.00")).toBeNull();
    expect(first("5499")).toBe(GIVING_MESSAGES.checkoutMinimum);
    expect(first("")).toBe(GIVING_MESSAGES.checkoutMinimum);
    expect(first("5500.5")).toBe(GIVING_MESSAGES.wholeDollars);
  });
});
