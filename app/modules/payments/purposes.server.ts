import type { Db } from "../../../db/client";
import type { Env } from "../../env.server";
import type { Payment, PaymentPurpose } from "./schema";

/**
 * What one purpose (a gift, a booking) does as its payment moves on. Payments knows nothing of
 * what is paid for: each purpose's module exports its handlers and `app/modules/registry.server.ts`
 * registers them, so payments imports no domain and no domain's circle runs through it.
 */
export interface PurposeHandlers {
  /** May the money be taken? (A booking whose slot is gone says no: nothing is charged.) Yes when absent. */
  beforeCapture?(db: Db, payment: Payment): Promise<boolean>;
  /** Captured: what was paid for is given, in the payment's transaction. */
  onCaptured(tx: Db, env: Env, payment: Payment): Promise<unknown>;
  /** Ended without money (declined, failed, cancelled): what was held is let go, in the same transaction. */
  onEnded?(tx: Db, payment: Payment): Promise<void>;
  /** Refunded or reversed at the provider (a webhook): the purpose records it, in the transaction that marks the payment. */
  onRefunded?(tx: Db, env: Env, payment: Payment): Promise<void>;
}

const registered = new Map<PaymentPurpose, PurposeHandlers>();

export function registerPurpose(purpose: PaymentPurpose, handlers: PurposeHandlers) {
  registered.set(purpose, handlers);
}

/** A purpose's handlers; a purpose nobody registered is a wiring mistake, so it fails loudly. */
export function handlersFor(purpose: PaymentPurpose): PurposeHandlers {
  const handlers = registered.get(purpose);
  if (!handlers) throw new Error(`no handlers for payment purpose "${purpose}" (app/modules/registry.server.ts)`);
  return handlers;
}
