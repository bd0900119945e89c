import { data, Form, redirect } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { OneTimeCodeField } from "~/components/forms/one-time-code-field";
import { PasswordInput } from "~/components/forms/password-input";
import { appContext } from "~/context";
import {
  handleForm,
  invalid,
  parse,
  readSubmission,
  refused,
  type Submission,
  unknownForm,
} from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import type { FormResult, Notice, Refusal } from "~/forms/forms";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";
import type { AppContext } from "~/handles";
import { privateMeta } from "~/lib/private-meta";
import { TWO_FACTOR_MESSAGES } from "~/modules/accounts/messages";
import { isStaff } from "~/modules/accounts/session.server";
import { confirmEnrolment, enrolmentQr, startEnrolment, stepUp } from "~/modules/accounts/two-factor.server";
import { enrolPasswordSchema, twoFactorCodeSchema } from "~/modules/accounts/validation";
import type { Route } from "./+types/two-factor-setup";
import { requireViewer } from "./guards.server";

export { privatePageHeaders as headers } from "~/lib/http";
export const meta: Route.MetaFunction = ({ data }) =>
  privateMeta(data?.mode === "step-up" ? "Confirm it is you" : "Set up two-factor authentication");

const FAILED = { title: "Not verified", description: "That could not be checked. Please try again." };
const INVALID = { title: "Not verified", description: TWO_FACTOR_MESSAGES.invalid };
const LIMITED = { title: "Too many attempts", description: TWO_FACTOR_MESSAGES.limited };
const WRONG_PASSWORD = { title: "Not verified", description: TWO_FACTOR_MESSAGES.password };

/** The enrolment under way (secret, QR, recovery codes): shown again with a wrong first code. */
interface Enrolment {
  qrSvg: string;
  secret: string;
  backupCodes: string[];
}

/** A refusal while enrolling carries the enrolment, so the page can show it again. */
function withEnrolment(answer: { data: Refusal; init: ResponseInit | null }, enrolment: Enrolment) {
  const shown: Refusal & { enrolment: Enrolment } = { ...answer.data, enrolment };
  return data(shown, answer.init ?? undefined);
}

/**
 * While this session has not passed the second factor: the account enrols here (staff must, to
 * open the console; members may, from their profile), or (already enrolled) this session proves
 * itself with a code. A session that has passed it has nothing to do here and goes home.
 */
async function requireUnverified(request: Request, handles: AppContext) {
  const viewer = await requireViewer(request, handles, new URL(request.url));
  const staff = isStaff(viewer.role);
  // The console's path is the staff's; a member's two-factor page is under their profile.
  if (!staff && new URL(request.url).pathname.startsWith("/console/")) throw redirect("/profile/two-factor");
  if (viewer.twoFactorEnabled && viewer.sessionTwoFactor) throw redirect(staff ? "/console" : "/profile#two-factor");
  return { viewer, staff, mode: viewer.twoFactorEnabled ? ("step-up" as const) : ("enrol" as const) };
}

/** Where a passed second factor goes: the console for staff; a member's profile says it is on. */
const homeAfter = (staff: boolean, mode: "enrol" | "step-up") =>
  staff ? "/console" : mode === "enrol" ? donePage("/profile", "two-factor-on", undefined, "two-factor") : "/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const { mode, staff } = await requireUnverified(request, handles);
  return { mode, staff };
}

/** A refused code: the notice and status, and while enrolling the enrolment to scan again. */
function refusedCode(submission: Submission, outcome: { kind: string; retryAfterSeconds?: number }, enrol?: Enrolment) {
  const limited = outcome.kind === "limited";
  const notice: Notice = limited ? LIMITED : INVALID;
  const answer = refused(submission, notice, limited ? 429 : enrol ? 400 : 401, {
    retryAfterSeconds: limited ? outcome.retryAfterSeconds : undefined,
    rateLimited: limited || undefined,
  });
  return enrol ? withEnrolment(answer, enrol) : answer;
}

/*
 * No one-time keys: a code works once (claimed before it is checked) and success replaces the
 * session cookie, so it is a redirect (303) with and without JavaScript. Beginning enrolment
 * answers with the next step's page (the secret is shown once, never put in an address).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const { viewer, mode, staff } = await requireUnverified(request, handles);
  const submission = await readSubmission(request);
  return handleForm(submission, FAILED, handles.logger, async () => {
    const { fields } = submission;
    switch (fields.intent) {
      // Enrolment's first step (only while enrolling): the password, then the secret to scan.
      case "start": {
        if (mode !== "enrol") return unknownForm(submission);
        const parsed = parse(submission, enrolPasswordSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const started = await startEnrolment(request, handles, parsed.data.password);
        if (!started.ok) return refused(submission, WRONG_PASSWORD, 400);
        const { qrSvg, secret, backupCodes } = started;
        return { ok: true, data: { enrolment: { qrSvg, secret, backupCodes } } } satisfies FormResult<{
          enrolment: Enrolment;
        }>;
      }
      // Enrolment's confirmation, or the step-up form (which sends only its code).
      case "confirm":
      case undefined:
        break;
      default:
        return unknownForm(submission);
    }
    // Drawn again from the secret; nothing posted is ever rendered as markup.
    const enrol =
      mode === "enrol"
        ? {
            qrSvg: await enrolmentQr(fields.secret ?? "", viewer.email),
            secret: fields.secret ?? "",
            backupCodes: (fields.backupCodes ?? "").split(",").filter(Boolean),
          }
        : undefined;
    const parsed = parse(submission, twoFactorCodeSchema);
    if (!parsed.ok) {
      const answer = invalid(submission, parsed.fieldErrors);
      return enrol ? withEnrolment(answer, enrol) : answer;
    }
    const outcome =
      mode === "step-up"
        ? await stepUp(request, handles, viewer, parsed.data.code)
        : await confirmEnrolment(request, handles, viewer, parsed.data.code);
    if (outcome.kind === "ok") throw redirect(homeAfter(staff, mode), { status: 303, headers: outcome.headers });
    return refusedCode(submission, outcome, enrol);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, FAILED);

const loadCodeSchema = () => import("~/modules/accounts/validation").then((m) => m.twoFactorCodeSchema);
const loadPasswordSchema = () => import("~/modules/accounts/validation").then((m) => m.enrolPasswordSchema);

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, staff } = loaderData;
  const result = actionData;
  if (mode === "step-up") return <StepUp result={result} staff={staff} />;
  const enrolment = result?.ok
    ? result.data?.enrolment
    : result && "enrolment" in result
      ? result.enrolment
      : undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 pb-24 sm:px-6">
      {staff ? (
        <PageHero eyebrow="Temple Keepers" title="Protect the console">
          Staff accounts open the console only with a second factor: a code from an authenticator app on your phone.
        </PageHero>
      ) : (
        <PageHero eyebrow="Your account" title="Protect your account">
          Two-factor is your choice. With it on, signing in asks for your password and then a code from an authenticator
          app on your phone, so a stolen password alone does not open your journals and medical notes.
        </PageHero>
      )}
      {enrolment ? (
        <ConfirmEnrolment enrolment={enrolment} result={result?.ok ? undefined : result} />
      ) : (
        <BeginEnrolment result={result} />
      )}
    </div>
  );
}

function BeginEnrolment({ result }: { result: FormResult | undefined }) {
  const form = useForm({ id: "enrol", result, schema: loadPasswordSchema });
  const alert = useOneAlert(form);
  return (
    <Form method="post" className="card grid gap-5" {...alert.props}>
      <input {...form.keyField} />
      <FormAlert {...alert.shown} />
      <input type="hidden" name="intent" value="start" />
      <label htmlFor="password" className="font-medium">
        Confirm your password to begin
      </label>
      <PasswordInput
        id="password"
        name="password"
        autoComplete="current-password"
        maxLength={128}
        {...alert.control("password")}
      />
      <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Checking..." : "Begin"}
      </button>
    </Form>
  );
}

function ConfirmEnrolment({ enrolment, result }: { enrolment: Enrolment; result: FormResult | undefined }) {
  const form = useForm({ id: "enrol-confirm", result, schema: loadCodeSchema });
  const alert = useOneAlert(form);
  return (
    <Form method="post" className="card grid gap-5" {...alert.props}>
      <input {...form.keyField} />
      <FormAlert {...alert.shown} />
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="secret" value={enrolment.secret} />
      <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(",")} />
      <ol className="grid list-decimal gap-4 pl-5">
        <li>
          Scan this code with your authenticator app, or type the key by hand.
          {enrolment.qrSvg ? (
            <div
              className="mt-3 w-48 rounded-lg bg-white p-2"
              // The SVG is drawn on our server by the qrcode library (enrolmentQr), never taken from a request.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted server-generated SVG
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
          ) : null}
          <code className="mt-2 block break-all text-gold">{enrolment.secret}</code>
        </li>
        <li>
          Keep these recovery codes somewhere safe. Each works once if you lose your phone.
          <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
            {enrolment.backupCodes.map((code: string) => (
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
            {...alert.control("code")}
            className="field mt-2 max-w-40 tracking-widest"
          />
        </li>
      </ol>
      <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
        {form.pending ? "Checking..." : "Turn On Two-Factor"}
      </button>
    </Form>
  );
}

/** A session opened with the password alone: one code (or a recovery code) opens the console (or the member area) for it. */
function StepUp({ result, staff }: { result: FormResult | undefined; staff: boolean }) {
  const form = useForm({ id: "step-up", result, schema: loadCodeSchema });
  const alert = useOneAlert(form);
  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      <PageHero eyebrow={staff ? "Temple Keepers" : "Your account"} title="Confirm it is you">
        This session was opened with your password alone. Enter the six-digit code from your authenticator app, or one
        of your recovery codes, to open {staff ? "the console" : "your member area"} here.
      </PageHero>
      <Form method="post" className="card grid gap-5" {...alert.props}>
        <input {...form.keyField} />
        <FormAlert {...alert.shown} />
        <OneTimeCodeField className="max-w-60" error={form.errors.code} {...alert.control("code")} />
        <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
          {form.pending ? "Checking..." : "Verify"}
        </button>
      </Form>
    </div>
  );
}
