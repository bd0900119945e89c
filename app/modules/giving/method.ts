/**
 * How a gift was given, in the words the statement, the profile and the console share: "Cash",
 * "Cheque no. 1042", "Online", or "Online, monthly" for a collection of a recurring offering.
 */
export function giftMethodLabel(gift: {
  method: "online" | "cash" | "cheque";
  chequeNumber: string | null;
  recurringInterval?: "month" | "year" | null;
}): string {
  if (gift.method === "cash") return "Cash";
  if (gift.method === "cheque") return gift.chequeNumber ? `Cheque no. ${gift.chequeNumber}` : "Cheque";
  if (gift.recurringInterval) return `Online, ${gift.recurringInterval === "month" ? "monthly" : "yearly"}`;
  return "Online";
}
