import { FlaskConical } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import type { PublicEnv } from "~/env.server";

/** Every payment screen says so when no real money can move (DESIGN.md: the test provider is clearly labelled). */
export function TestModeNotice({ cards = false }: { cards?: boolean }) {
  const env = useRouteLoaderData<PublicEnv>("root");
  if (env?.paymentProvider !== "test") return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-sky-300/50 bg-sky-500/10 p-3 text-sm text-sky-100">
      <FlaskConical aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        <strong>Test mode:</strong> payments here are simulated and no money moves.
        {cards ? " A card ending in 0002 is declined; any other test card is approved." : null}
      </span>
    </p>
  );
}

/** "paypal", "test", or "none" when online payment is off. */
export function usePaymentProvider() {
  return useRouteLoaderData<PublicEnv>("root")?.paymentProvider ?? "test";
}

/**
 * Whether paying leaves this site for the provider's own page (PayPal). A form that pays then posts
 * as a document (use-form.ts `handsOff`); the test provider's page is one of ours, reached inside the app.
 */
export function usePaysElsewhere() {
  return usePaymentProvider() === "paypal";
}
