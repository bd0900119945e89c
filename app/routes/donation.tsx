import { HeartHandshake } from "lucide-react";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { fillIfEmpty, useSignedIn } from "~/components/accounts/use-signed-in";
import { PageHero } from "~/components/content/page-hero";
import { TextField } from "~/components/forms/field";
import { NoticeBox } from "~/components/forms/notice-box";
import { CoverFeeBox, useCoverFee } from "~/components/giving/cover-fee";
import { type Frequency, FrequencyChoice } from "~/components/giving/frequency-choice";
import { PaymentsOffNotice } from "~/components/payments/payments-off-notice";
import { ReturnedPayment } from "~/components/payments/returned-payment";
import { TestModeNotice, usePaymentProvider, usePaysElsewhere } from "~/components/payments/test-mode-notice";
import { notify } from "~/components/ui/notify";
import { useHydrated } from "~/components/ui/use-hydrated";
import { appContext } from "~/context";
import { keepFormOnFailure } from "~/forms/client-action";
import { useForm } from "~/forms/use-form";
import { artPath } from "~/lib/art-paths";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { chooseOffering, readWholeDollars } from "~/modules/giving/amount";
import { DEFAULT_TIER, DONATION_MINIMUM, DONATION_TIERS, formatUsd } from "~/modules/giving/amounts";
import { giveOffering, returnedPayment } from "~/modules/giving/give.server";
import { GIVING_MESSAGES } from "~/modules/giving/messages";
import { donationSchema } from "~/modules/giving/validation";
import { PAYMENTS_OFF_MESSAGES } from "~/modules/payments/messages";
import type { Route } from "./+types/donation";
import { giftFormAction } from "./gift-form.server";

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
  return { outcome: returnedPayment(request.url) };
}

/** The gift (gift-form.server.ts): the form's outcome answered with its status and SPEC.md's notice. */
export function action({ request, context }: Route.ActionArgs) {
  return giftFormAction(request, context.get(appContext), donationSchema, giveOffering);
}

/** A dropped connection keeps the page and what was typed, with SPEC.md's payment notice. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, GIVING_MESSAGES.error);

const loadSchema = () => import("~/modules/giving/validation").then((m) => m.donationSchema);

const benefits = [
  "Preparation and integration care for every seeker",
  "Sliding-scale places for seekers with fewer means",
  "Our work for the religious freedom to practise",
  "Meditations, articles and resources, free to all",
];

export default function Donation({ loaderData, actionData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  const result = actionData;
  const provider = usePaymentProvider();
  const paysElsewhere = usePaysElsewhere();
  const form = useForm({
    id: "donation",
    result,
    schema: loadSchema,
    handsOff: paysElsewhere,
    onFailure(failed) {
      if (failed.formError) notify("error", failed.formError.title, { description: failed.formError.description });
    },
  });
  const typedBack = form.field("amount").defaultValue ?? "";
  const tierBack = result && !result.ok && typeof result.values?.tier === "string" ? result.values.tier : null;
  const [tier, setTier] = useState<string>(tierBack ?? String(DEFAULT_TIER));
  const [custom, setCustom] = useState(typedBack);
  // Without JavaScript the total cannot follow what is typed: the provider's page shows the amount.
  const live = useHydrated();
  const sentFrequency = result && !result.ok ? result.values?.frequency : undefined;
  const [frequency, setFrequency] = useState<Frequency>(
    sentFrequency === "month" || sentFrequency === "year" ? sentFrequency : "once",
  );
  const every = frequency === "once" ? "" : ` every ${frequency}`;

  // What is highlighted, the total and the button all come from this one reading (the server's too).
  const typed = readWholeDollars(custom);
  const choice = chooseOffering(custom.trim() === "" ? tier : "", custom);
  const chosenTier = custom.trim() === "" ? tier : null;
  const total = choice.ok ? choice.dollars : typed.ok ? typed.dollars : null;
  const amountError = custom.trim() !== "" && !choice.ok ? choice.error : form.errors.amount;
  const cover = useCoverFee(result, total);
  const give = cover.total;
  // A signed-in member: their name and email filled in (unless typed already) and no request to sign
  // in for a monthly gift. Known in the browser only: the page's HTML is one cached copy for all.
  const signedIn = useSignedIn();
  const formElement = form.props.ref;
  useEffect(() => {
    if (!signedIn) return;
    fillIfEmpty(formElement.current, "donorName", signedIn.name);
    fillIfEmpty(formElement.current, "email", signedIn.email);
  }, [signedIn, formElement]);

  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Sacred Offering" title="Support the Sacred Work">
        We are a small non-profit congregation sustained by the generosity of those we serve. Every offering, of any
        size, helps us hold safe and reverent space.
      </PageHero>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        {provider === "none" ? (
          <div className="self-start">
            <PaymentsOffNotice notice={PAYMENTS_OFF_MESSAGES.giving} />
          </div>
        ) : (
          <Form method="post" className="card grid content-start gap-6" {...form.props}>
            <input {...form.keyField} />
            <TestModeNotice />
            <ReturnedPayment outcome={outcome} />
            {form.formError ? <NoticeBox notice={form.formError} dense /> : null}
            <fieldset>
              <legend className="font-serif text-2xl font-semibold">Choose your offering</legend>
              {/* Radios: a tier is chosen with or without JavaScript, and sent with the form. */}
              <div className="mt-4 grid grid-cols-2 gap-3">
                {DONATION_TIERS.map((t) => (
                  <label
                    key={t.amount}
                    className="cursor-pointer rounded-xl border border-violet-300/25 p-4 hover:border-violet-200 has-checked:border-gold has-checked:bg-gold/10 has-focus-visible:outline-2 has-focus-visible:outline-gold"
                  >
                    <input
                      type="radio"
                      name="tier"
                      value={t.amount}
                      checked={chosenTier === String(t.amount)}
                      onChange={() => {
                        setTier(String(t.amount));
                        setCustom("");
                      }}
                      className="sr-only"
                    />
                    <span className="block text-2xl font-semibold text-gold">{formatUsd(t.amount)}</span>
                    <span className="text-sm text-mist-muted">{t.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <TextField
              {...form.field("amount")}
              label="Or your own amount (whole dollars)"
              hint={`At least ${formatUsd(DONATION_MINIMUM)}. Leave it empty to give the amount chosen above.`}
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              defaultValue={undefined}
              value={custom}
              onChange={(event) => setCustom(event.target.value)}
              error={amountError}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField {...form.field("donorName")} label="Your name" autoComplete="name" maxLength={100} />
              <TextField
                {...form.field("email")}
                label="Email for your receipt"
                type="email"
                autoComplete="email"
                maxLength={254}
              />
            </div>
            <FrequencyChoice
              value={frequency}
              onChange={setFrequency}
              error={form.errors.frequency}
              signedIn={Boolean(signedIn)}
            />
            <CoverFeeBox
              cover={cover}
              dollars={choice.ok ? choice.dollars : null}
              error={form.errors.coverFee}
              id="donation"
            />
            {live ? (
              <p className="flex items-baseline justify-between border-t border-violet-300/15 pt-4 text-lg">
                <span>Total</span>
                <span className="text-3xl font-semibold text-gold" aria-live="polite" data-testid="donation-total">
                  {give ? `${give}${every}` : "–"}
                </span>
              </p>
            ) : null}
            {!live || choice.ok ? (
              <button type="submit" className="btn-gold justify-self-stretch" disabled={form.pending}>
                {form.pending
                  ? "Opening payment..."
                  : !live || !choice.ok
                    ? provider === "paypal"
                      ? "Continue to PayPal"
                      : "Continue to payment (test mode)"
                    : provider === "paypal"
                      ? `Give ${give}${every} with PayPal`
                      : `Give ${give}${every} (test mode)`}
              </button>
            ) : null}
            <p className="text-xs text-mist-muted">
              Payments are handled by {provider === "paypal" ? "PayPal" : "our test provider"}; your card details never
              reach our servers. You see the amount before you approve it. You receive an email receipt; no goods or
              services are provided in exchange.
            </p>
          </Form>
        )}
        <aside className="grid content-start gap-6">
          <img
            src={artPath("thank-you")}
            alt=""
            width="1200"
            height="630"
            className="w-full rounded-2xl border border-violet-300/15"
          />
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
