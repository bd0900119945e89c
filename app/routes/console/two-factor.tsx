import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { OneTimeCodeField } from "~/components/forms/one-time-code-field";
import { PasswordInput } from "~/components/forms/password-input";
import { formToObject } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { isStaff, requireViewer } from "~/modules/accounts/session.server";
import {
  confirmEnrolment,
  enrolmentQr,
  startEnrolment,
  stepUp,
  TWO_FACTOR_MESSAGES,
} from "~/modules/accounts/two-factor.server";
import type { Route } from "./+types/two-factor";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta: Route.MetaFunction = ({ data }) =>
  privateMeta(data?.mode === "step-up" ? "Confirm it is you" : "Set up two-factor authentication");

/**
 * Staff only, while this session has not passed the second factor: the account enrols here, or
 * (already enrolled) this session proves itself with a code. The console stays shut until then.
 */
async function requireUnverifiedStaff(request: Request, context: Route.LoaderArgs["context"]) {
  const viewer = await requireViewer(request, context);
  if (!isStaff(viewer.role)) throw data(null, { status: 403, statusText: "This page is for Temple Keepers only." });
  if (viewer.twoFactorEnabled && viewer.sessionTwoFactor) throw redirect("/console");
  return { viewer, mode: viewer.twoFactorEnabled ? ("step-up" as const) : ("enrol" as const) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { mode } = await requireUnverifiedStaff(request, context);
  return { mode };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, mode } = await requireUnverifiedStaff(request, context);
  const fields = formToObject(await request.formData());
  if (mode === "step-up") {
    const outcome = await stepUp(request, context, viewer, (fields.code ?? "").slice(0, 64));
    if (outcome.kind === "ok") throw redirect("/console", { headers: outcome.headers });
    return data(
      {
        step: "step-up" as const,
        error: outcome.kind === "limited" ? TWO_FACTOR_MESSAGES.limited : TWO_FACTOR_MESSAGES.invalid,
      },
      { status: outcome.kind === "limited" ? 429 : 401 },
    );
  }
  if (fields.intent === "start") {
    const started = await startEnrolment(request, context, fields.password ?? "");
    if (!started.ok) return data({ step: "password" as const, error: TWO_FACTOR_MESSAGES.password }, { status: 400 });
    return { step: "scan" as const, error: null, ...started };
  }
  const outcome = await confirmEnrolment(request, context, viewer, fields.code ?? "");
  if (outcome.kind === "ok") throw redirect("/console", { headers: outcome.headers });
  return data(
    {
      step: "scan" as const,
      error: outcome.kind === "limited" ? TWO_FACTOR_MESSAGES.limited : TWO_FACTOR_MESSAGES.invalid,
      // Drawn again from the secret; nothing posted is ever rendered as markup.
      qrSvg: await enrolmentQr(fields.secret ?? "", viewer.email),
      secret: fields.secret ?? "",
      backupCodes: (fields.backupCodes ?? "").split(",").filter(Boolean),
    },
    { status: outcome.kind === "limited" ? 429 : 400 },
  );
}

export default function TwoFactorSetup() {
  const { mode } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  if (mode === "step-up") return <StepUp error={result?.error ?? null} submitting={submitting} />;
  const scanning = result?.step === "scan" && "secret" in result;
  return (
    <div className="mx-auto max-w-2xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Temple Keepers" title="Protect the console">
        Staff accounts open the console only with a second factor: a code from an authenticator app on your phone.
      </PageHero>
      {scanning ? (
        <Form method="post" className="card grid gap-5">
          <FormAlert message={result.error} />
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="secret" value={result.secret} />
          <input type="hidden" name="backupCodes" value={result.backupCodes.join(",")} />
          <ol className="grid list-decimal gap-4 pl-5">
            <li>
              Scan this code with your authenticator app, or type the key by hand.
              {result.qrSvg ? (
                <div
                  className="mt-3 w-48 rounded-lg bg-white p-2"
                  // The SVG is drawn on our server by the qrcode library (enrolmentQr), never taken from a request.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted server-generated SVG
                  dangerouslySetInnerHTML={{ __html: result.qrSvg }}
                />
              ) : null}
              <code className="mt-2 block break-all text-gold">{result.secret}</code>
            </li>
            <li>
              Keep these recovery codes somewhere safe. Each works once if you lose your phone.
              <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
                {result.backupCodes.map((code: string) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </li>
            <li>
              <label htmlFor="code">Enter the six-digit code your app shows now.</label>
              <input
                id="code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="field mt-2 max-w-40 tracking-widest"
              />
            </li>
          </ol>
          <button type="submit" className="btn-gold justify-self-start" disabled={submitting}>
            Turn On Two-Factor
          </button>
        </Form>
      ) : (
        <Form method="post" className="card grid gap-5">
          <FormAlert message={result?.error ?? null} />
          <input type="hidden" name="intent" value="start" />
          <label htmlFor="password" className="font-medium">
            Confirm your password to begin
          </label>
          <PasswordInput id="password" name="password" autoComplete="current-password" maxLength={128} />
          <button type="submit" className="btn-gold justify-self-start" disabled={submitting}>
            Begin
          </button>
        </Form>
      )}
    </div>
  );
}

/** A session opened with the password alone: one code (or a recovery code) opens the console for it. */
function StepUp(props: { error: string | null; submitting: boolean }) {
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow="Temple Keepers" title="Confirm it is you">
        This session was opened with your password alone. Enter the six-digit code from your authenticator app, or one
        of your recovery codes, to open the console here.
      </PageHero>
      <Form method="post" noValidate className="card grid gap-5">
        <FormAlert message={props.error} />
        <OneTimeCodeField className="max-w-60" />
        <button type="submit" className="btn-gold justify-self-start" disabled={props.submitting}>
          {props.submitting ? "Checking..." : "Verify"}
        </button>
      </Form>
    </div>
  );
}
