import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useNavigate, useNavigation, useSubmit } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { TextAreaField, TextField } from "~/components/forms/field";
import { notify } from "~/components/ui/notify";
import { CEREMONIES_PAUSED, journeyAgreement } from "~/content/journey";
import { safeErrorMessage } from "~/lib/errors";
import { type FieldErrors, type FormResult, fieldErrorsOf, formToObject, withBlanks } from "~/lib/forms";
import { publicPageHeaders } from "~/lib/http";
import { sanitiseEmail, sanitiseName, sanitisePhone } from "~/lib/sanitise";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { applicationSchema } from "~/modules/intake/application-validation";
import { submitApplication } from "~/modules/intake/applications.server";
import { APPLICATION_MESSAGES } from "~/modules/intake/messages";
import { limit } from "~/modules/rate-limit/rate-limit.server";
import type { Route } from "./+types/heroic-application";

export const headers = publicPageHeaders;

/** The schema loads when the form is first used, not with the page. */
const loadSchema = () => import("~/modules/intake/application-validation").then((m) => m.applicationSchema);

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Apply for the Divine Journey",
    description:
      "The ceremony application: your details, health and intentions, read by a Temple Keeper within 48 hours. Applicants must be 21 or older.",
    keywords: ["ceremony application", "divine journey", "intake", "screening"],
    path: "/heroic-application",
    image: "invitation",
  });

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limit(
    context.db,
    { name: "application", limit: 5, windowSeconds: 3600 },
    context.clientIp,
    APPLICATION_MESSAGES.tooMany,
  );
  if (limited) return limited;
  const input = withBlanks(formToObject(await request.formData()), applicationSchema);
  const parsed = applicationSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const formError = fieldErrors.agreement ? APPLICATION_MESSAGES.agreement : undefined;
    return data({ ok: false, fieldErrors, formError } satisfies FormResult, { status: 400 });
  }
  try {
    const viewer = await getViewer(request, context);
    await submitApplication(context.db, context.env, parsed.data, viewer?.id ?? null);
  } catch (error) {
    context.logger.error({ err: safeErrorMessage(error) }, "application not stored");
    return data({ ok: false, fieldErrors: {}, formError: APPLICATION_MESSAGES.failed } satisfies FormResult, {
      status: 503,
    });
  }
  return { ok: true } satisfies FormResult;
}

/** Rewrites a field's value as it is typed (SPEC.md 5 "inputs sanitised as typed"). */
const sanitiseOnInput = (clean: (v: string) => string) => (event: React.FormEvent<HTMLInputElement>) => {
  const value = clean(event.currentTarget.value);
  if (value !== event.currentTarget.value) event.currentTarget.value = value;
};
const digitsOnly = (v: string) => v.replace(/\D/g, "").slice(0, 3);

export default function HeroicApplication() {
  const result = useActionData<typeof action>() as FormResult | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(() => (result && !result.ok ? result.fieldErrors : {}));
  const [agreed, setAgreed] = useState(false);
  // Before hydration the button stays usable, so the form also works without JavaScript.
  const [hydrated, setHydrated] = useState(false);
  const submitting = navigation.state === "submitting";

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      notify("success", APPLICATION_MESSAGES.submitted.title, {
        description: APPLICATION_MESSAGES.submitted.description,
      });
      navigate("/donation-checkout");
      return;
    }
    setErrors(result.fieldErrors);
    if (result.formError) notify("error", result.formError.title, { description: result.formError.description });
  }, [result, navigate]);

  if (result?.ok && !hydrated) return <Submitted />;

  const e = (name: string) => errors[name];
  return (
    <div className="mx-auto max-w-3xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Divine Journey" title="Sacred Application">
        Tell us who you are and what you carry. A Temple Keeper reads every application and replies within 48 hours. You
        must be 21 or older to apply.
      </PageHero>
      <p className="mb-8 rounded-lg border border-gold/40 bg-gold/10 p-4 text-sm text-mist">{CEREMONIES_PAUSED}</p>
      <Form
        ref={form}
        method="post"
        noValidate
        className="grid gap-8"
        onSubmit={(event) => {
          event.preventDefault();
          const target = event.currentTarget;
          void loadSchema().then((schema) => {
            const parsed = schema.safeParse(withBlanks(formToObject(new FormData(target)), schema));
            if (parsed.success) return submit(target);
            const found = fieldErrorsOf(parsed.error);
            setErrors(found);
            const first = Object.keys(found)[0];
            if (first) target.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
          });
        }}
        onChange={(event) => {
          const name = (event.target as unknown as HTMLInputElement).name;
          if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
        }}
      >
        <fieldset className="card grid gap-5" disabled={submitting}>
          <legend className="float-left mb-2 font-serif text-2xl font-semibold">About you</legend>
          <TextField
            name="fullName"
            label="Full name"
            autoComplete="name"
            maxLength={100}
            error={e("fullName")}
            onInput={sanitiseOnInput(sanitiseName)}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="age"
              label="Age"
              inputMode="numeric"
              maxLength={3}
              error={e("age")}
              onInput={sanitiseOnInput(digitsOnly)}
            />
            <TextField
              name="city"
              label="City"
              autoComplete="address-level2"
              maxLength={100}
              error={e("city")}
              onInput={sanitiseOnInput(sanitiseName)}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={254}
              error={e("email")}
              onInput={sanitiseOnInput(sanitiseEmail)}
            />
            <TextField
              name="phone"
              label={
                <>
                  Phone <span className="text-mist-muted">(optional)</span>
                </>
              }
              type="tel"
              autoComplete="tel"
              maxLength={20}
              error={e("phone")}
              onInput={sanitiseOnInput(sanitisePhone)}
            />
          </div>
        </fieldset>

        <fieldset className="card grid gap-5" disabled={submitting}>
          <legend className="float-left mb-2 font-serif text-2xl font-semibold">Health and intentions</legend>
          <p className="text-sm text-mist-muted">
            Your answers are encrypted and read only by Temple Keepers. Honesty keeps you safe: some conditions and
            medications make a ceremony unwise, and we would rather ask than guess.
          </p>
          <TextAreaField
            name="mentalHealth"
            label="Mental health history"
            hint="Diagnoses, treatment, and any history of psychosis or bipolar disorder in you or your close family."
            maxLength={2000}
            error={e("mentalHealth")}
          />
          <TextAreaField
            name="medications"
            label="Current medications and health conditions"
            hint="Every medication and supplement, and any heart, blood-pressure or other condition. Write “none” in words if there are none."
            maxLength={2000}
            error={e("medications")}
          />
          <TextAreaField
            name="priorExperience"
            label="Prior experience"
            hint="Meditation, breathwork, ceremonies or journeys you have known, and how they were for you."
            maxLength={2000}
            error={e("priorExperience")}
          />
          <TextAreaField
            name="intentions"
            label="Your intentions"
            hint="What calls you to this ceremony, and what you hope to bring home from it."
            maxLength={2000}
            error={e("intentions")}
          />
        </fieldset>

        <fieldset className="card grid gap-5" disabled={submitting}>
          <legend className="float-left mb-2 font-serif text-2xl font-semibold">Emergency contact</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="emergencyContact"
              label="Name"
              maxLength={100}
              error={e("emergencyContact")}
              onInput={sanitiseOnInput(sanitiseName)}
            />
            <TextField
              name="emergencyPhone"
              label="Phone"
              type="tel"
              maxLength={20}
              error={e("emergencyPhone")}
              onInput={sanitiseOnInput(sanitisePhone)}
            />
          </div>
        </fieldset>

        <div className="card">
          <div className="flex items-start gap-3">
            <input
              id="agreement"
              name="agreement"
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              aria-describedby="agreement-text"
              className="mt-1 h-5 w-5 shrink-0 accent-amber-400"
            />
            <div>
              <label htmlFor="agreement" className="font-semibold">
                {journeyAgreement.label}
              </label>
              <p id="agreement-text" className="mt-2 text-sm text-mist-muted">
                {journeyAgreement.text}{" "}
                <Link to="/terms-and-privacy" className="text-violet-200 underline underline-offset-4">
                  Terms of Use and Privacy Policy
                </Link>
                .
              </p>
              {e("agreement") ? <p className="mt-2 text-sm text-rose-300">{e("agreement")}</p> : null}
            </div>
          </div>
        </div>
        <button type="submit" className="btn-gold justify-self-start" disabled={submitting || (hydrated && !agreed)}>
          {submitting ? "Submitting Application..." : "Submit Application"}
        </button>
      </Form>
    </div>
  );
}

/** Without JavaScript there is no toast and no client navigation: the next step is a link. */
function Submitted() {
  return (
    <div className="mx-auto max-w-2xl px-4 sm:px-6">
      <PageHero eyebrow="Thank you" title={APPLICATION_MESSAGES.submitted.title}>
        {APPLICATION_MESSAGES.submitted.description} A Temple Keeper will reply within 48 hours.
      </PageHero>
      <div className="flex justify-center">
        <Link to="/donation-checkout" className="btn-gold">
          Continue
        </Link>
      </div>
    </div>
  );
}
