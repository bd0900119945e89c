import { HeartHandshake } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { TextField } from "~/components/forms/field";
import { TestModeNotice, usePaymentProvider } from "~/components/payments/test-mode-notice";
import { notify } from "~/components/ui/notify";
import { artPath } from "~/lib/art-paths";
import { type FormResult, fieldErrorsOf, formToObject, withBlanks } from "~/lib/forms";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { DEFAULT_TIER, DONATION_MINIMUM, DONATION_TIERS, formatUsd, GIVING_MESSAGES } from "~/modules/giving/amounts";
import { donationSchema } from "~/modules/giving/validation";
import { PaymentProviderError, startPayment } from "~/modules/payments/payments.server";
import { limit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/donation";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Give to the Congregation",
    description:
      "Support preparation, integration care and seekers with fewer means. Every gift is receipted by email.",
    keywords: ["donation", "offering", "give", "non-profit congregation"],
    path: "/donation",
    image: "thank-you",
  });

/** The outcome of a payment that came back here (from /payments/return). */
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
  const input = withBlanks(formToObject(await request.formData()), donationSchema);
  const parsed = donationSchema.safeParse(input);
  if (!parsed.success) {
    return data({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) } satisfies FormResult, { status: 400 });
  }
  const amount = Number(parsed.data.amount);
  const viewer = await getViewer(request, context);
  try {
    const started = await startPayment(context.db, context.env, {
      purpose: "gift",
      amountCents: amount * 100,
      description: `Offering to the church - $${amount}`,
      payerName: parsed.data.donorName,
      payerEmail: parsed.data.email,
      userId: viewer?.id ?? null,
    });
    throw redirect(started.approveUrl ?? `/payments/return?payment=${started.paymentId}`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    context.logger.warn({ err: error.message }, "donation order not created");
    return data({ ok: false, fieldErrors: {}, formError: GIVING_MESSAGES.error } satisfies FormResult, {
      status: 502,
    });
  }
}

const benefits = [
  "Preparation and integration care for every seeker",
  "Sliding-scale places for seekers with fewer means",
  "Our work for the religious freedom to practise",
  "Meditations, articles and resources, free to all",
];

export default function Donation() {
  const { outcome } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const submitting = useNavigation().state !== "idle";
  const provider = usePaymentProvider();
  const [tier, setTier] = useState<number | null>(DEFAULT_TIER);
  const [custom, setCustom] = useState("");
  const customAmount = /^\d+$/.test(custom) ? Number(custom) : null;
  const customTooLow = custom !== "" && (customAmount === null || customAmount < DONATION_MINIMUM);
  const total = customAmount !== null && customAmount >= DONATION_MINIMUM ? customAmount : (tier ?? 0);
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
      <PageHero eyebrow="Sacred Offering" title="Support the Sacred Work">
        We are a small non-profit congregation sustained by the generosity of those we serve. Every offering, of any
        size, helps us hold safe and reverent space.
      </PageHero>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Form method="post" className="card grid content-start gap-6">
          <TestModeNotice />
          {outcome ? (
            <p role="alert" className="rounded-lg border border-rose-400/50 bg-rose-500/10 p-3 text-rose-100">
              {outcome === "cancelled" ? GIVING_MESSAGES.cancelled.description : GIVING_MESSAGES.error.description}
            </p>
          ) : null}
          <fieldset>
            <legend className="font-serif text-2xl font-semibold">Choose your offering</legend>
            <div className="mt-4 grid grid-cols-2 gap-3">
              {DONATION_TIERS.map((t) => (
                <button
                  key={t.amount}
                  type="button"
                  aria-pressed={tier === t.amount && customAmount === null}
                  onClick={() => {
                    setTier(t.amount);
                    setCustom("");
                  }}
                  className="rounded-xl border border-violet-300/25 p-4 text-left hover:border-violet-200 aria-pressed:border-gold aria-pressed:bg-gold/10"
                >
                  <span className="block text-2xl font-semibold text-gold">{formatUsd(t.amount)}</span>
                  <span className="text-sm text-mist-muted">{t.label}</span>
                </button>
              ))}
            </div>
          </fieldset>
          <TextField
            name="custom"
            label="Or your own amount (whole dollars)"
            inputMode="numeric"
            value={custom}
            onChange={(event) => {
              const value = event.target.value.replace(/\D/g, "").slice(0, 6);
              setCustom(value);
              if (Number(value) >= DONATION_MINIMUM) setTier(null);
            }}
            error={customTooLow ? GIVING_MESSAGES.minimum : errors.amount}
          />
          <input type="hidden" name="amount" value={total || ""} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="donorName"
              label="Your name"
              autoComplete="name"
              maxLength={100}
              error={errors.donorName}
            />
            <TextField
              name="email"
              label="Email for your receipt"
              type="email"
              autoComplete="email"
              maxLength={254}
              error={errors.email}
            />
          </div>
          <p className="flex items-baseline justify-between border-t border-violet-300/15 pt-4 text-lg">
            <span>Total</span>
            <span className="text-3xl font-semibold text-gold" aria-live="polite">
              {formatUsd(total)}
            </span>
          </p>
          {total >= DONATION_MINIMUM ? (
            <button
              type="submit"
              name="intent"
              value="give"
              className="btn-gold justify-self-stretch"
              disabled={submitting}
            >
              {submitting
                ? "Opening payment..."
                : provider === "paypal"
                  ? `Give ${formatUsd(total)} with PayPal`
                  : `Give ${formatUsd(total)} (test mode)`}
            </button>
          ) : null}
          <p className="text-xs text-mist-muted">
            Payments are handled by {provider === "paypal" ? "PayPal" : "our test provider"}; your card details never
            reach our servers. You receive an email receipt; no goods or services are provided in exchange.
          </p>
        </Form>
        <aside className="grid content-start gap-6">
          <img src={artPath("thank-you")} alt="" className="w-full rounded-2xl border border-violet-300/15" />
          <section className="card">
            <h2 className="flex items-center gap-2 font-serif text-2xl font-semibold">
              <HeartHandshake aria-hidden="true" className="h-6 w-6 text-gold" /> Your offering supports
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-mist-muted">
              {benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
