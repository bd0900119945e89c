import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, redirect, useActionData, useLoaderData } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { TextField } from "~/components/forms/field";
import { useForm } from "~/components/forms/use-form";
import {
  ApprovalNote,
  type CardErrors,
  CardFields,
  isCard,
  readCard,
  useCardFields,
} from "~/components/payments/card-fields";
import { TestModeNotice } from "~/components/payments/test-mode-notice";
import { notify } from "~/components/ui/notify";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CEREMONIES_PAUSED } from "~/content/journey";
import { keepFormOnFailure } from "~/lib/client-action";
import { handleForm, invalid, parse, readSubmission, refused } from "~/lib/form-action.server";
import type { FormResult } from "~/lib/forms";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { readWholeDollars } from "~/modules/giving/amount";
import {
  CHECKOUT_DEFAULT,
  CHECKOUT_MINIMUM,
  CHECKOUT_PRESETS,
  formatUsd,
  GIVING_MESSAGES,
} from "~/modules/giving/amounts";
import { checkoutSchema } from "~/modules/giving/validation";
import { carryOutPayment } from "~/modules/payments/fulfilment.server";
import { PaymentProviderError, recordPayment } from "~/modules/payments/payments.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { forget, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/donation-checkout";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Your Ceremony Donation",
    description:
      "The ceremony donation after an application: a sliding scale from $6,800 (minimum $5,500), receipted by email.",
    path: "/donation-checkout",
    image: "thank-you",
    noindex: true, // only a form (formOnlyPaths)
  });

export function loader({ request }: Route.LoaderArgs) {
  const outcome = new URL(request.url).searchParams.get("payment");
  return { outcome: outcome === "cancelled" || outcome === "error" ? outcome : null };
}

const LIMIT = { name: "payment:ip", limit: 10, windowSeconds: 3600 } as const;

/**
 * The ceremony donation: recorded with the form's one-time key, then paid outside that
 * transaction (carryOutPayment), so a double click or a resend never charges twice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request);
  return handleForm(submission, GIVING_MESSAGES.error, context.logger, async () => {
    const limited = await hit(context.db, LIMIT, context.clientIp);
    if (!limited.allowed) {
      return refused(submission, GIVING_MESSAGES.error, 429, {
        retryAfterSeconds: limited.retryAfterSeconds,
        rateLimited: true,
      });
    }
    const parsed = parse(submission, checkoutSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const { amount, donorName, email, cardLast4 } = parsed.data;
    const dollars = readWholeDollars(amount);
    const whole = dollars.ok && dollars.dollars !== null ? dollars.dollars : 0;
    const viewer = await getViewer(request, context);
    const identity = { scope: "donation-checkout", key: submission.key, ownerId: viewer?.id };
    const answer = await once(context.db, identity, async (tx) => {
      const paymentId = await recordPayment(tx, context.env, {
        purpose: "ceremony-gift",
        amountCents: whole * 100,
        description: `Ceremony donation - $${whole}`,
        payerName: donorName,
        payerEmail: email,
        userId: viewer?.id ?? null,
        card: cardLast4 ? { last4: cardLast4, name: donorName } : undefined,
      });
      return { redirectTo: "/donation-success", data: { paymentId } };
    });
    const { paymentId } = answer.data as { paymentId: string };
    const card = cardLast4 ? { last4: cardLast4, name: donorName } : undefined;
    try {
      const outcome = await carryOutPayment(context.db, context.env, paymentId, card);
      // The payer goes on to the provider, or to the page that says it was received.
      if (outcome.kind === "redirect") return redirect(outcome.url, 303);
      if (outcome.kind === "captured") return redirect(answer.redirectTo, 303);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.warn({ err: error.message }, "ceremony donation failed");
    }
    // Declined or failed: nothing was taken; the same form may try again (another card).
    await forget(context.db, identity);
    return refused(submission, GIVING_MESSAGES.error, 402);
  });
}

/** A dropped connection keeps the page and what was typed, with SPEC.md's payment notice. */
export const clientAction = keepFormOnFailure(GIVING_MESSAGES.error);

const loadSchema = () => import("~/modules/giving/validation").then((m) => m.checkoutSchema);

const supports = [
  "Screening, intake and the preparation call with your guide",
  "Experienced guides present throughout the ceremony",
  "Reentry care and integration sessions afterwards",
  "Sliding-scale places for seekers with fewer means",
];

export default function DonationCheckout() {
  const { outcome } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const cards = useCardFields();
  const hydrated = useHydrated();
  const form = useForm({
    id: "checkout",
    result,
    schema: loadSchema,
    onFailure(failed) {
      if (failed.formError) notify("error", failed.formError.title, { description: failed.formError.description });
    },
  });
  const [amount, setAmount] = useState(form.field("amount").defaultValue ?? String(CHECKOUT_DEFAULT));
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const last4 = useRef<HTMLInputElement>(null);
  const donor = useRef<HTMLInputElement>(null);
  const read = readWholeDollars(amount);
  const dollars = read.ok ? (read.dollars ?? 0) : null;
  const amountError =
    form.errors.amount ??
    (!read.ok ? read.error : (dollars ?? 0) < CHECKOUT_MINIMUM ? GIVING_MESSAGES.checkoutMinimum : undefined);

  useEffect(() => {
    const notice =
      outcome === "cancelled" ? GIVING_MESSAGES.cancelled : outcome === "error" ? GIVING_MESSAGES.error : null;
    if (notice) notify("error", notice.title, { description: notice.description });
  }, [outcome]);

  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your next step" title="Your Ceremony Donation">
        Thank you for applying. The ceremony donation is a sliding scale from {formatUsd(CHECKOUT_DEFAULT)}; the minimum
        is {formatUsd(CHECKOUT_MINIMUM)}. If that is beyond your means, write to us after applying.
      </PageHero>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Form
          method="post"
          className="card grid content-start gap-6"
          {...form.props}
          onSubmit={(event) => {
            // Test mode: the card is checked here and only its last four digits and holder are sent.
            if (cards) {
              const card = readCard(event.currentTarget);
              if (!isCard(card)) {
                event.preventDefault();
                setCardErrors(card);
                return;
              }
              setCardErrors({});
              if (last4.current) last4.current.value = card.last4;
              if (donor.current) donor.current.value = card.name;
            }
            void form.props.onSubmit(event);
          }}
        >
          <input {...form.keyField} />
          <TestModeNotice cards={cards} />
          {outcome ? (
            <p role="alert" className="rounded-lg border border-rose-400/50 bg-rose-500/10 p-3 text-rose-100">
              {outcome === "cancelled" ? GIVING_MESSAGES.cancelled.description : GIVING_MESSAGES.error.description}
            </p>
          ) : null}
          <TextField {...form.field("email")} label="Email" type="email" autoComplete="email" maxLength={254} />
          <fieldset>
            <legend className="mb-3 font-medium">Donation amount (whole dollars)</legend>
            {/* The suggested amounts fill the field below, so they come with the app; the field works without it. */}
            {hydrated ? (
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {CHECKOUT_PRESETS.map((p) => (
                  <button
                    key={p.amount}
                    type="button"
                    aria-pressed={dollars === p.amount}
                    onClick={() => setAmount(String(p.amount))}
                    className="rounded-xl border border-violet-300/25 p-3 text-left hover:border-violet-200 aria-pressed:border-gold aria-pressed:bg-gold/10"
                  >
                    <span className="block font-semibold text-gold">{formatUsd(p.amount)}</span>
                    <span className="text-xs text-mist-muted">{p.label}</span>
                  </button>
                ))}
              </div>
            ) : null}
            <TextField
              {...form.field("amount")}
              label={<span className="sr-only">Amount in dollars</span>}
              inputMode="decimal"
              maxLength={12}
              defaultValue={undefined}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amountError}
            />
          </fieldset>
          {cards ? (
            <>
              <CardFields errors={{ ...cardErrors, ...cardError(form.errors.cardLast4) }} disabled={form.pending} />
              <input ref={last4} type="hidden" name="cardLast4" />
              <input ref={donor} type="hidden" name="donorName" />
            </>
          ) : (
            <>
              <TextField
                {...form.field("donorName")}
                label="Name for your receipt"
                autoComplete="name"
                maxLength={100}
              />
              <ApprovalNote />
            </>
          )}
          <button type="submit" className="btn-gold" disabled={form.pending || amountError !== undefined}>
            <Lock aria-hidden="true" className="h-4 w-4" />
            {form.pending ? "Processing..." : `Give ${dollars === null ? "" : formatUsd(dollars)}`.trim()}
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

/** The server's "card missing" shows under the card number (the only card field it can speak of). */
const cardError = (message: string | undefined): CardErrors => (message ? { number: message } : {});
