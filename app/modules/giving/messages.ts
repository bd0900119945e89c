/* Giving's words, apart from its schemas so a page can show them without loading zod. */

export const GIVING_MESSAGES = {
  minimum: "Minimum donation is $20",
  received: { title: "Sacred Offering Received", description: "Thank you for your generous contribution!" },
  error: { title: "Payment Error", description: "There was an issue processing your donation. Please try again." },
  cancelled: { title: "Payment Cancelled", description: "Your donation was cancelled." },
  checkoutMinimum: "The minimum ceremony donation is $5,500. For less, please write to us after applying.",
  required: "Please fill in all required fields.",
  // An amount as typed (amount.ts).
  wholeDollars: "Please enter a whole-dollar amount, like 25.",
  maximum: "For gifts above $100,000, please write to us.",
} as const;
