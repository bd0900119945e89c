import { data, redirect } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { MemberBar } from "~/components/layout/member-bar";
import { BeginEnrolment, ConfirmEnrolment, type Enrolment } from "~/components/two-factor/enrolment";
import { PasskeyEnrolment } from "~/components/two-factor/passkey-enrolment";
import { StepUp } from "~/components/two-factor/step-up";
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
import { unlessRefused } from "~/forms/revalidation";
import type { AppContext } from "~/handles";
import { privateMeta } from "~/lib/private-meta";
import { TWO_FACTOR_MESSAGES } from "~/modules/accounts/messages";
import { isStaff } from "~/modules/accounts/session.server";
import { confirmEnrolment, enrolmentQr, startEnrolment, stepUp } from "~/modules/accounts/two-factor.server";
import { enrolPasswordSchema, twoFactorCodeSchema } from "~/modules/accounts/validation";
import { messagesLink } from "~/modules/integration/member-inbox.server";
import { PASSKEY_MESSAGES } from "~/modules/passkeys/messages";
import { hasAuthenticatorApp, listPasskeys } from "~/modules/passkeys/passkeys.server";
import { stepUpWithPasskey, turnOnPasskeyTwoFactor } from "~/modules/passkeys/second-factor.server";
import { passkeyTwoFactorSchema, usePasskeySchema } from "~/modules/passkeys/validation";
import type { Route } from "./+types/two-factor-setup";
import { requireViewer } from "./guards.server";

export { privatePageHeaders as headers } from "~/lib/http";
export const meta: Route.MetaFunction = ({ data }) =>
  privateMeta(data?.mode === "step-up" ? "Confirm it is you" : "Set up two-factor authentication");

const FAILED = { title: "Not verified", description: "That could not be checked. Please try again." };
const INVALID = { title: "Not verified", description: TWO_FACTOR_MESSAGES.invalid };
const LIMITED = { title: "Too many attempts", description: TWO_FACTOR_MESSAGES.limited };
const WRONG_PASSWORD = { title: "Not verified", description: TWO_FACTOR_MESSAGES.password };
const PASSKEY_INVALID = { title: "Not verified", description: PASSKEY_MESSAGES.signIn };
const PASSKEY_REFUSALS = {
  staff: { status: 403, notice: { title: "Not turned on", description: PASSKEY_MESSAGES.staffUseApp } },
  "no-passkeys": { status: 409, notice: { title: "Not turned on", description: PASSKEY_MESSAGES.noPasskeys } },
  "wrong-password": { status: 400, notice: WRONG_PASSWORD },
} as const;

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

/** The page's mode, and what the account can prove itself with: an app's code, its passkeys. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const { mode, staff, viewer } = await requireUnverified(request, handles);
  const [app, keys] = await Promise.all([
    hasAuthenticatorApp(handles.db, viewer.id),
    listPasskeys(handles.db, viewer.id),
  ]);
  // Under /profile the page is the member area's (its bar, the way back to the profile); a session
  // still to prove itself is told nothing of its messages yet.
  const memberArea = !new URL(request.url).pathname.startsWith("/console/");
  const bar = memberArea
    ? {
        name: viewer.name,
        messages: mode === "enrol" ? await messagesLink(handles.db, viewer.id) : null,
      }
    : null;
  return { mode, staff, app: mode === "enrol" || app, passkeys: keys.length, bar };
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
      // A member's passkeys as the second step, instead of an app (only while enrolling; staff enrol an app).
      case "passkeys": {
        if (mode !== "enrol" || staff) return unknownForm(submission);
        const parsed = parse(submission, passkeyTwoFactorSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        // A state, not a record: a resend finds it on and changes nothing more.
        const turned = await turnOnPasskeyTwoFactor(handles, viewer, parsed.data.passkeyPassword);
        if (turned.kind === "limited") return refusedCode(submission, turned);
        if (turned.kind !== "ok") {
          const refusal = PASSKEY_REFUSALS[turned.kind];
          return refused(submission, refusal.notice, refusal.status);
        }
        throw redirect(homeAfter(staff, mode), { status: 303 });
      }
      // The step-up with one of the account's passkeys (only while proving a session).
      case "passkey": {
        if (mode !== "step-up") return unknownForm(submission);
        const parsed = parse(submission, usePasskeySchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const proved = await stepUpWithPasskey(request, handles, viewer, parsed.data.credential);
        if (proved.kind === "ok") throw redirect(homeAfter(staff, mode), { status: 303 });
        return proved.kind === "limited" ? refusedCode(submission, proved) : refused(submission, PASSKEY_INVALID, 401);
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

/**
 * Beginning enrolment answers with the secret and changes nothing the loader reads, so the page is
 * not loaded again: a reload still in flight when the code is sent would be cut off by it.
 */
export const shouldRevalidate = unlessRefused(({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.ok && actionResult.data?.enrolment ? false : defaultShouldRevalidate,
);

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, staff, bar } = loaderData;
  return (
    <>
      {bar ? (
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <MemberBar
            name={bar.name}
            staff={staff}
            messages={bar.messages}
            back={mode === "enrol" ? { to: "/profile#two-factor", label: "Back to your profile" } : null}
          />
        </div>
      ) : null}
      <TwoFactorPage loaderData={loaderData} actionData={actionData} />
    </>
  );
}

function TwoFactorPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { mode, staff, app, passkeys } = loaderData;
  const result = actionData;
  if (mode === "step-up") return <StepUp result={result} staff={staff} app={app} passkeys={passkeys > 0} />;
  // Two forms begin here: each takes only its own answer.
  const passkeyAnswer = !staff && result && !result.ok && result.values?.intent === "passkeys";
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
          app on your phone, or one of your passkeys, so a stolen password alone does not open your journals and medical
          notes.
        </PageHero>
      )}
      {enrolment ? (
        <ConfirmEnrolment enrolment={enrolment} result={result?.ok ? undefined : result} />
      ) : (
        <BeginEnrolment result={passkeyAnswer ? undefined : result} />
      )}
      {staff || enrolment ? null : <PasskeyEnrolment passkeys={passkeys} result={passkeyAnswer ? result : undefined} />}
    </div>
  );
}
