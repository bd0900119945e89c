import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useSubmit } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { TextField } from "~/components/forms/field";
import { type CardErrors, CardFields, isCard, readCard } from "~/components/payments/card-fields";
import { TestModeNotice, usePaymentProvider } from "~/components/payments/test-mode-notice";
import { notify } from "~/components/ui/notify";
import { CEREMONIES_PAUSED } from "~/content/journey";
import { type FormResult, fieldErrorsOf, formToObject, withBlanks } from "~/lib/forms";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import {
  CHECKOUT_DEFAULT,
  CHECKOUT_MINIMUM,
  CHECKOUT_PRESETS,
  formatUsd,
  GIVING_MESSAGES,
} from "~/modules/giving/amounts";
import { checkoutSchema } from "~/modules/giving/validation";
import { completeAndFulfil } from "~/modules/payments/fulfilment.server";
import { PaymentProviderError, startPayment } from "~/modules/payments/payments.server";
import { providerFor } from "~/modules/payments/providers.server";
import { limit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/donation-checkout";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Your Ceremony Donation",
    description:
      "The ceremony donation after an application: a sliding scale from $6,800 (minimum $5,500), receipted by email.",
    path: "/donation-checkout",
    image: "thank-you",
  });

export function loader({ request }: Route.LoaderArgs) {
  const outcome = new URL(request.url).searchParams.get("payment");
  return { outcome: outcome === "cancelled" || outcome === "error" ? outcome : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limit(
    context.db,
    { name: "payment:ip", limit: 10, windowSeconds: 3600 },
    context.clientIp,
    GIVING_MESSAGES.error,
  );
  if (limited) return limited;
  const input = withBlanks(formToObject(await request.formData()), checkoutSchema);
  const parsed = checkoutSchema.safeParse({ ...input, cardLast4: input.cardLast4 || undefined });
  const provider = providerFor(context.db, context.env);
  if (!parsed.success || (provider.cardFields && !parsed.data.cardLast4)) {
    const fieldErrors = parsed.success ? { cardLast4: GIVING_MESSAGES.required } : fieldErrorsOf(parsed.error);
    return data({ ok: false, fieldErrors } satisfies FormResult, { status: 400 });
  }
  const amount = Number(parsed.data.amount);
  const viewer = await getViewer(request, context);
  try {
    const started = await startPayment(context.db, context.env, {
      purpose: "ceremony-gift",
      amountCents: amount * 100,
      description: `Ceremony donation - $${amount}`,
      payerName: parsed.data.donorName,
      payerEmail: parsed.data.email,
      userId: viewer?.id ?? null,
      card: parsed.data.cardLast4 ? { last4: parsed.data.cardLast4, name: parsed.data.donorName } : undefined,
    });
    if (started.approveUrl) throw redirect(started.approveUrl);
    const payment = await completeAndFulfil(context.db, context.env, started.paymentId);
    if (payment.status === "captured") throw redirect("/donation-success");
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    context.logger.warn({ err: error.message }, "ceremony donation failed");
  }
  return data({ ok: false, fieldErrors: {}, formError: GIVING_MESSAGES.error } satisfies FormResult, { status: 402 });
}

const supports = [
  "Screening, intake and the preparation call with your guide",
  "Experienced guides present throughout the ceremony",
  "Reentry care and integration sessions afterwards",
  "Sliding-scale places for seekers with fewer means",
];

export default function DonationCheckout() {
  const { outcome } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const submitting = useNavigation().state !== "idle";
  const submit = useSubmit();
  const provider = usePaymentProvider();
  const [amount, setAmount] = useState(String(CHECKOUT_DEFAULT));
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const last4 = useRef<HTMLInputElement>(null);
  const donor = useRef<HTMLInputElement>(null);
  const errors = result && !result.ok ? result.fieldErrors : {};

  useEffect(() => {
    const notice =
      outcome === "cancelled" ? GIVING_MESSAGES.cancelled : outcome === "error" ? GIVING_MESSAGES.error : null;
    if (notice) notify("error", notice.title, { description: notice.description });
  }, [outcome]);
  useEffect(() => {
    if (result && !result.ok && result.formError) {
      notify("error", result.formError.title, { description: result.formError.description });
    }
  }, [result]);

  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your next step" title="Your Ceremony Donation">
        Thank you for applying. The ceremony donation is a sliding scale from {formatUsd(CHECKOUT_DEFAULT)}; the minimum
        is {formatUsd(CHECKOUT_MINIMUM)}. If that is beyond your means, write to us after applying.
      </PageHero>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Form
          method="post"
          noValidate
          className="card grid content-start gap-6"
          onSubmit={(event) => {
            if (provider !== "test") return;
            event.preventDefault();
            const card = readCard(event.currentTarget);
            if (!isCard(card)) {
              setCardErrors(card);
              return;
            }
            setCardErrors({});
            if (last4.current) last4.current.value = card.last4;
            if (donor.current) donor.current.value = card.name;
            submit(event.currentTarget);
          }}
        >
          <TestModeNotice cards />
          {outcome ? (
            <p role="alert" className="rounded-lg border border-rose-400/50 bg-rose-500/10 p-3 text-rose-100">
              {outcome === "cancelled" ? GIVING_MESSAGES.cancelled.description : GIVING_MESSAGES.error.description}
            </p>
          ) : null}
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            error={errors.email}
          />
          <fieldset>
            <legend className="mb-3 font-medium">Donation amount (whole dollars)</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {CHECKOUT_PRESETS.map((p) => (
                <button
                  key={p.amount}
                  type="button"
                  aria-pressed={amount === String(p.amount)}
                  onClick={() => setAmount(String(p.amount))}
                  className="rounded-xl border border-violet-300/25 p-3 text-left hover:border-violet-200 aria-pressed:border-gold aria-pressed:bg-gold/10"
                >
                  <span className="block font-semibold text-gold">{formatUsd(p.amount)}</span>
                  <span className="text-xs text-mist-muted">{p.label}</span>
                </button>
              ))}
            </div>
            <TextField
              name="amount"
              label={<span className="sr-only">Amount in dollars</span>}
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/\D/g, "").slice(0, 6))}
              error={errors.amount ?? (Number(amount) < CHECKOUT_MINIMUM ? GIVING_MESSAGES.checkoutMinimum : undefined)}
            />
          </fieldset>
          {provider === "test" ? (
            <>
              <CardFields errors={cardErrors} disabled={submitting} />
              <input ref={last4} type="hidden" name="cardLast4" />
              <input ref={donor} type="hidden" name="donorName" />
              <noscript>
                <p className="text-sm text-rose-200">Test card payments need JavaScript.</p>
              </noscript>
            </>
          ) : (
            <TextField
              name="donorName"
              label="Name for your receipt"
              autoComplete="name"
              maxLength={100}
              error={errors.donorName}
            />
          )}
          <button type="submit" className="btn-gold" disabled={submitting || Number(amount) < CHECKOUT_MINIMUM}>
            <Lock aria-hidden="true" className="h-4 w-4" />
            {submitting ? "Processing..." : `Give ${formatUsd(Number(amount) || 0)}`}
          </button>
        </Form>
        <aside className="grid content-start gap-6">
          <section className="card">
            <h2 className="font-serif text-2xl font-semibold">What your donation supports</h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-mist-muted">
              {supports.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </section>
          <section className="card text-sm text-mist-muted">
            <p>{CEREMONIES_PAUSED}</p>
            <p className="mt-3">
              Your donation is linked to your application. If your application is declined, it is refunded in full. No
              goods or services are provided in exchange; you receive an email receipt.
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
