import { Lock } from "lucide-react";
import { useRef, useState } from "react";
import { Form } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { TextField } from "~/components/forms/field";
import { NoticeBox } from "~/components/forms/notice-box";
import { CoverFeeBox, useCoverFee } from "~/components/giving/cover-fee";
import {
  ApprovalNote,
  type CardErrors,
  CardFields,
  isCard,
  readCard,
  useCardFields,
} from "~/components/payments/card-fields";
import { PaymentsOffNotice } from "~/components/payments/payments-off-notice";
import { ReturnedPayment } from "~/components/payments/returned-payment";
import { TestModeNotice, usePaymentProvider, usePaysElsewhere } from "~/components/payments/test-mode-notice";
import { notify } from "~/components/ui/notify";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CEREMONIES_PAUSED } from "~/content/ceremonies-paused";
import { appContext } from "~/context";
import { keepFormOnFailure } from "~/forms/client-action";
import { useForm } from "~/forms/use-form";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { readWholeDollars } from "~/modules/giving/amount";
import { CHECKOUT_DEFAULT, CHECKOUT_MINIMUM, CHECKOUT_PRESETS, formatUsd } from "~/modules/giving/amounts";
import { giveCeremonyDonation, returnedPayment } from "~/modules/giving/give.server";
import { GIVING_MESSAGES } from "~/modules/giving/messages";
import { checkoutSchema } from "~/modules/giving/validation";
import { PAYMENTS_OFF_MESSAGES } from "~/modules/payments/messages";
import type { Route } from "./+types/donation-checkout";
import { giftFormAction } from "./gift-form.server";

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

/**
 * The aside's words come with the page's data, not its script: the checkout sits at its JavaScript
 * budget, and fixed text rendered on the server needs no code of its own in the browser.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { outcome: returnedPayment(request.url), supports: SUPPORTS, paused: CEREMONIES_PAUSED };
}

/** The gift (gift-form.server.ts): the form's outcome answered with its status and SPEC.md's notice. */
export function action({ request, context }: Route.ActionArgs) {
  return giftFormAction(request, context.get(appContext), checkoutSchema, giveCeremonyDonation);
}

/** A dropped connection keeps the page and what was typed, with SPEC.md's payment notice. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, GIVING_MESSAGES.error);

const loadSchema = () => import("~/modules/giving/validation").then((m) => m.checkoutSchema);

const SUPPORTS = [
  "Screening, intake and the preparation call with your guide",
  "Experienced guides present throughout the ceremony",
  "Reentry care and integration sessions afterwards",
  "Sliding-scale places for seekers with fewer means",
];

export default function DonationCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { outcome, supports, paused } = loaderData;
  const result = actionData;
  const cards = useCardFields();
  const provider = usePaymentProvider();
  const hydrated = useHydrated();
  const paysElsewhere = usePaysElsewhere();
  const form = useForm({
    id: "checkout",
    result,
    schema: loadSchema,
    handsOff: paysElsewhere,
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
  const cover = useCoverFee(result, dollars);
  const amountError =
    form.errors.amount ??
    (!read.ok ? read.error : (dollars ?? 0) < CHECKOUT_MINIMUM ? GIVING_MESSAGES.checkoutMinimum : undefined);

  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Your next step" title="Your Ceremony Donation">
        Thank you for applying. The ceremony donation is a sliding scale from {formatUsd(CHECKOUT_DEFAULT)}; the minimum
        is {formatUsd(CHECKOUT_MINIMUM)}. If that is beyond your means, write to us after applying.
      </PageHero>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        {provider === "none" ? (
          <div className="self-start">
            <PaymentsOffNotice notice={PAYMENTS_OFF_MESSAGES.giving} />
          </div>
        ) : (
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
            <ReturnedPayment outcome={outcome} />
            {/* No toast without JavaScript, and no card field to mark: the form's notice is said here. */}
            {!hydrated && form.formError ? <NoticeBox notice={form.formError} dense /> : null}
            {!cards && form.errors.cardLast4 ? <NoticeBox dense>{form.errors.cardLast4}</NoticeBox> : null}
            <TextField {...form.field("email")} label="Email" type="email" autoComplete="email" maxLength={254} />
            <fieldset>
              <legend className="mb-3 font-medium">Donation amount (whole dollars)</legend>
              {/* The suggested amounts fill the field below when pressed, which needs the app. Before it has
                loaded (or without JavaScript) the same cards are shown as suggestions to type, so the form
                does not move when they become buttons. */}
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {CHECKOUT_PRESETS.map((p) => {
                  const content = (
                    <>
                      <span className="block font-semibold text-gold">{formatUsd(p.amount)}</span>
                      <span className="text-xs text-mist-muted">{p.label}</span>
                    </>
                  );
                  return hydrated ? (
                    <button
                      key={p.amount}
                      type="button"
                      aria-pressed={dollars === p.amount}
                      onClick={() => setAmount(String(p.amount))}
                      className="rounded-xl border border-violet-300/25 p-3 text-left hover:border-violet-200 aria-pressed:border-gold aria-pressed:bg-gold/10"
                    >
                      {content}
                    </button>
                  ) : (
                    <p key={p.amount} className="rounded-xl border border-violet-300/25 p-3">
                      {content}
                    </p>
                  );
                })}
              </div>
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
            <CoverFeeBox
              cover={cover}
              dollars={amountError === undefined ? dollars : null}
              error={form.errors.coverFee}
              id="checkout"
            />
            <button type="submit" className="btn-gold" disabled={form.pending || amountError !== undefined}>
              <Lock aria-hidden="true" className="h-4 w-4" />
              {form.pending ? "Processing..." : `Give ${cover.total}`.trim()}
            </button>
          </Form>
        )}
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
            <p>{paused}</p>
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
