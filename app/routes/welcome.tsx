import { Form, Link, redirect } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FieldError, TextField } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { PasswordInput } from "~/components/forms/password-input";
import { appContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { useForm } from "~/forms/use-form";
import { privateMeta } from "~/lib/private-meta";
import { acceptInvitation, findInvitation } from "~/modules/accounts/invitations.server";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/messages";
import { acceptInvitationSchema } from "~/modules/accounts/validation";
import type { Route } from "./+types/welcome";

export { actionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = () => privateMeta("Set up your account");

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const invitation = await findInvitation(handles.db, params.token);
  return { name: invitation?.name ?? null, adminSetup: invitation?.purpose === "admin-setup" };
}

const NOT_SAVED = {
  title: "Your account was not set up",
  description: "Something went wrong on our side. Please try again; your invitation still works.",
};
const EXPIRED = { title: "This invitation has expired or was already used.", description: "" };

/*
 * No one-time key here: the invitation's token is itself single-use (a second post finds it used),
 * and the answer is a sign-in whose cookie could not be replayed to a resend anyway.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, NOT_SAVED, handles.logger, async () => {
    const parsed = parse(submission, acceptInvitationSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const outcome = await acceptInvitation(request, handles, params.token, parsed.data);
    switch (outcome.kind) {
      case "expired":
        return refused(submission, EXPIRED, 410);
      case "username-taken":
        return invalid(submission, { username: ACCOUNT_MESSAGES.usernameTaken }, undefined, 409);
    }
    // Redirect after post, with or without JavaScript: the page that opens is the sign that it worked.
    // An administrator goes on to the console, which first asks for two-factor enrolment.
    const next = outcome.purpose === "admin-setup" ? "/console" : "/dashboard";
    const signedIn = outcome.signIn;
    if (signedIn.kind === "signed-in") throw redirect(next, { headers: signedIn.headers });
    if (signedIn.kind === "two-factor") {
      throw redirect(`/sacred-access/two-factor?redirectTo=${encodeURIComponent(next)}`, {
        headers: signedIn.headers,
      });
    }
    throw redirect("/sacred-access");
  });
}

/** A dropped connection keeps the page and the username; the passwords are typed again. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NOT_SAVED);

const loadSchema = () => import("~/modules/accounts/validation").then((m) => m.acceptInvitationSchema);

export default function Welcome({ loaderData, actionData }: Route.ComponentProps) {
  const { name, adminSetup } = loaderData;
  const result = actionData;
  const form = useForm({ id: "welcome", result, schema: loadSchema });
  const notice = form.formError ? [form.formError.title, form.formError.description].filter(Boolean).join(" ") : null;

  if (!name) {
    return (
      <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
        <PageHero eyebrow="Invitation" title="This invitation has expired">
          Invitations work once and for 7 days: write to us and a Temple Keeper will send you a new one. A console setup
          link works once and for 24 hours: ask the person who runs our server for a fresh one.
        </PageHero>
        <p className="flex flex-wrap justify-center gap-4">
          <Link to="/contact" className="btn-gold">
            Write to us
          </Link>
          <Link to="/sacred-access" className="btn-ghost">
            Back to Login
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 pb-24 sm:px-6">
      {adminSetup ? (
        <PageHero eyebrow="Administrator" title="Set up the console">
          Welcome, {name}. Choose the username and password of your administrator account. Next you set up two-factor
          authentication with an authenticator app; then the console opens.
        </PageHero>
      ) : (
        <PageHero eyebrow="Invitation" title={`Welcome, ${name}`}>
          Choose the username and password you will use to enter the member area.
        </PageHero>
      )}
      <div className="card">
        <Form method="post" className="grid gap-5" {...form.props}>
          <input {...form.keyField} />
          <FormAlert message={notice} />
          <TextField
            {...form.field("username")}
            id="username"
            label="Username"
            hint="3 to 30 characters: letters, numbers, dots and underscores."
            autoComplete="username"
            maxLength={30}
          />
          <PasswordField
            {...form.field("password")}
            id="password"
            label="Password"
            hint="8 to 128 characters; a short sentence works well."
          />
          <PasswordField {...form.field("confirmPassword")} id="confirmPassword" label="Password, once more" />
          <button type="submit" className="btn-gold" disabled={form.pending}>
            {form.pending ? "Preparing your space..." : adminSetup ? "Set Up the Console" : "Enter the Member Area"}
          </button>
        </Form>
      </div>
    </div>
  );
}

/** A new password with its hint and message, tied to it for screen readers. */
function PasswordField({
  id,
  name,
  label,
  hint,
  error,
  autoFocus,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-2 block font-medium">
        {label}
      </label>
      <PasswordInput
        id={id}
        name={name}
        autoComplete="new-password"
        maxLength={128}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-2 text-sm text-mist-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} className="mt-2" message={error} />
    </div>
  );
}
