import { useState } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FieldError, TextAreaField, TextField } from "~/components/forms/field";
import { NoticeBox } from "~/components/forms/notice-box";
import { notify } from "~/components/ui/notify";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CEREMONIES_PAUSED } from "~/content/ceremonies-paused";
import { journeyAgreement } from "~/content/journey";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { publicPageHeaders } from "~/lib/http";
import { sanitiseEmail, sanitiseName, sanitisePhone } from "~/lib/sanitise";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { applicationSchema } from "~/modules/intake/application-validation";
import { submitApplication } from "~/modules/intake/applications.server";
import { APPLICATION_MESSAGES } from "~/modules/intake/messages";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
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
    noindex: true, // only a form (formOnlyPaths)
  });

/** Without JavaScript a sent application lands here: the page says it arrived, and a reload sends nothing. */
const SUBMITTED_PAGE = donePage("/heroic-application", "submitted");

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, APPLICATION_MESSAGES.failed, handles.logger, async () => {
    const limited = await hit(handles.db, RATE_LIMITS.application, handles.clientIp);
    if (!limited.allowed) {
      return refused(submission, APPLICATION_MESSAGES.tooMany, 429, {
        retryAfterSeconds: limited.retryAfterSeconds,
        rateLimited: true,
      });
    }
    const parsed = parse(submission, applicationSchema);
    if (!parsed.ok) {
      const agreement = parsed.fieldErrors.agreement ? APPLICATION_MESSAGES.agreement : undefined;
      return invalid(submission, parsed.fieldErrors, agreement);
    }
    const viewer = await getViewer(request, handles);
    const answer = await once(
      handles.db,
      { scope: "heroic-application", key: submission.key, ownerId: viewer?.id, subject: NEW_RECORD },
      async (tx) => {
        await submitApplication(tx, handles.env, parsed.data, viewer?.id ?? null);
        return { redirectTo: SUBMITTED_PAGE };
      },
    );
    return succeeded(request, answer);
  });
}

/** "Submission failed" when no answer came (the connection dropped); every answer stays typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, APPLICATION_MESSAGES.failed);

/** Rewrites a field's value as it is typed (the spec's rule: inputs are sanitised as typed). */
const sanitiseOnInput = (clean: (v: string) => string) => (event: React.FormEvent<HTMLInputElement>) => {
  const value = clean(event.currentTarget.value);
  if (value !== event.currentTarget.value) event.currentTarget.value = value;
};
const digitsOnly = (v: string) => v.replace(/\D/g, "").slice(0, 3);

export default function HeroicApplication({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  if (params.get(OUTCOME_PARAM) === "submitted") return <Submitted />;
  return <ApplicationForm result={actionData} />;
}

function ApplicationForm({ result }: { result: Route.ComponentProps["actionData"] }) {
  const navigate = useNavigate();
  const form = useForm({
    id: "application",
    result,
    schema: loadSchema,
    onSuccess() {
      notify("success", APPLICATION_MESSAGES.submitted.title, {
        description: APPLICATION_MESSAGES.submitted.description,
      });
    },
    // The spec: on success the application goes on to the donation checkout.
    onSettled: () => navigate("/donation-checkout"),
    onFailure(failed) {
      if (failed.formError) notify("error", failed.formError.title, { description: failed.formError.description });
    },
  });
  // The spec's application form: submit waits for the agreement. Before hydration the button stays usable, so the
  // form also works without JavaScript (the server checks the agreement then).
  const [agreed, setAgreed] = useState(() => form.wasChecked("agreement"));
  const hydrated = useHydrated();
  const submitting = form.pending;

  const field = (name: string) => ({ ...form.field(name), id: name });
  // A limit or a failure, on the page too (without JavaScript there is no toast).
  const notice = form.formError && !form.errors.agreement ? form.formError : null;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow="Divine Journey" title="Sacred Application">
        Tell us who you are and what you carry. A Temple Keeper reads every application and replies within 48 hours. You
        must be 21 or older to apply.
      </PageHero>
      <p className="mb-8 rounded-lg border border-gold/40 bg-gold/10 p-4 text-sm text-mist">{CEREMONIES_PAUSED}</p>
      {notice ? <NoticeBox notice={notice} className="mb-8" /> : null}
      <Form method="post" className="grid gap-8" {...form.props}>
        <input {...form.keyField} />
        <fieldset className="card grid gap-5" disabled={submitting}>
          <legend className="float-left mb-2 font-serif text-2xl font-semibold">About you</legend>
          <TextField
            {...field("fullName")}
            label="Full name"
            autoComplete="name"
            maxLength={100}
            onInput={sanitiseOnInput(sanitiseName)}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              {...field("age")}
              label="Age"
              inputMode="numeric"
              maxLength={3}
              onInput={sanitiseOnInput(digitsOnly)}
            />
            <TextField
              {...field("city")}
              label="City"
              autoComplete="address-level2"
              maxLength={100}
              onInput={sanitiseOnInput(sanitiseName)}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              {...field("email")}
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={254}
              onInput={sanitiseOnInput(sanitiseEmail)}
            />
            <TextField
              {...field("phone")}
              label={
                <>
                  Phone <span className="text-mist-muted">(optional)</span>
                </>
              }
              type="tel"
              autoComplete="tel"
              maxLength={20}
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
            {...field("mentalHealth")}
            label="Mental health history"
            hint="Diagnoses, treatment, and any history of psychosis or bipolar disorder in you or your close family."
            maxLength={2000}
          />
          <TextAreaField
            {...field("medications")}
            label="Current medications and health conditions"
            hint="Every medication and supplement, and any heart, blood-pressure or other condition. If there are none, write “none”."
            maxLength={2000}
          />
          <TextAreaField
            {...field("priorExperience")}
            label="Prior experience"
            hint="Meditation, breathwork, ceremonies or journeys you have known, and how they were for you."
            maxLength={2000}
          />
          <TextAreaField
            {...field("intentions")}
            label="Your intentions"
            hint="What calls you to this ceremony, and what you hope to bring home from it."
            maxLength={2000}
          />
        </fieldset>

        <fieldset className="card grid gap-5" disabled={submitting}>
          <legend className="float-left mb-2 font-serif text-2xl font-semibold">Emergency contact</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              {...field("emergencyContact")}
              label="Name"
              maxLength={100}
              onInput={sanitiseOnInput(sanitiseName)}
            />
            <TextField
              {...field("emergencyPhone")}
              label="Phone"
              type="tel"
              maxLength={20}
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
              aria-invalid={form.errors.agreement ? true : undefined}
              aria-describedby={form.errors.agreement ? "agreement-text agreement-error" : "agreement-text"}
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
              <FieldError id="agreement-error" className="mt-2" message={form.errors.agreement} />
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

/** Where an application lands without JavaScript (no toast, no client navigation): the next step is a link. */
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
