import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { gifts } from "../../db/schema";
import { post, type TestAccount } from "./accounts";
import { postForm, type TestServer } from "./server";

/** A gift as a signed-in member makes it with the test provider: /donation -> the approval page -> approve -> the return POST. */
export async function give(server: TestServer, account: TestAccount, sessionCookie: string, amount: string) {
  const started = await post(server, "/donation", sessionCookie, {
    donorName: account.name,
    email: account.email,
    amount,
    intent: "give",
  });
  expect(started.status).toBe(303);
  const approval = new URL(started.headers.get("location") ?? "", server.url).pathname;
  expect(approval).toMatch(/^\/payments\/test\/TEST-/);
  const decided = await postForm(server, approval, { decision: "approve" });
  const payment = new URL(decided.headers.get("location") ?? "").searchParams.get("payment") ?? "";
  expect((await postForm(server, `/payments/return?payment=${payment}`, { payment })).status).toBe(303);
  const [gift] = await server.database.db.select().from(gifts).where(eq(gifts.paymentId, payment));
  if (!gift) throw new Error("no gift recorded");
  return gift;
}
