import { useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { FormAlert } from "~/components/forms/form-alert";
import { PasswordInput } from "~/components/forms/password-input";
import { firstError, formToObject } from "~/lib/forms";
import { privateMeta } from "~/lib/seo";
import { acceptInvitation, findInvitation } from "~/modules/accounts/invitations.server";
import { ACCOUNT_MESSAGES, acceptInvitationSchema } from "~/modules/accounts/validation";
import type { Route } from "./+types/welcome";

export { actionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = () => privateMeta("Set up your account");

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await findInvitation(context.db, params.token);
  return { name: invitation?.name ?? null, adminSetup: invitation?.purpose === "admin-setup" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const fields = formToObject(await request.formData());
  const parsed = acceptInvitationSchema.safeParse(fields);
  if (!parsed.success) return data({ error: firstError(acceptInvitationSchema, fields) }, { status: 400 });
  const outcome = await acceptInvitation(request, context, params.token, parsed.data);
  switch (outcome.kind) {
    case "expired":
      return data({ error: "This invitation has expired or was already used." }, { status: 410 });
    case "username-taken":
      return data({ error: ACCOUNT_MESSAGES.usernameTaken }, { status: 409 });
  }
  // An administrator goes on to the console, which first asks for two-factor enrolment.
  const next = outcome.purpose === "admin-setup" ? "/console" : "/dashboard";
  const signedIn = outcome.signIn;
  if (signedIn.kind === "signed-in") throw redirect(next, { headers: signedIn.headers });
  if (signedIn.kind === "two-factor") {
    throw redirect(`/sacred-access/two-factor?redirectTo=${encodeURIComponent(next)}`, { headers: signedIn.headers });
  }
  throw redirect("/sacred-access");
}

export default function Welcome() {
  const { name, adminSetup } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<typeof result>(undefined);
  const error = clientError ?? (result && result !== dismissed ? result.error : null);

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
        <Form
          method="post"
          noValidate
          className="grid gap-5"
          onChange={() => {
            setClientError(null);
            setDismissed(result);
          }}
          onSubmit={(event) => {
            const message = firstError(acceptInvitationSchema, formToObject(new FormData(event.currentTarget)));
            if (message) {
              event.preventDefault();
              setClientError(message);
            }
          }}
        >
          <FormAlert message={error} />
          <div>
            <label htmlFor="username" className="mb-2 block font-medium">
              Username
            </label>
            <input
              id="username"
              name="username"
              autoComplete="username"
              maxLength={30}
              className="field"
              aria-describedby="username-hint"
            />
            <p id="username-hint" className="mt-2 text-sm text-mist-muted">
              3 to 30 characters: letters, numbers, dots and underscores.
            </p>
          </div>
          <div>
            <label htmlFor="password" className="mb-2 block font-medium">
              Password
            </label>
            <PasswordInput id="password" name="password" autoComplete="new-password" maxLength={128} />
            <p className="mt-2 text-sm text-mist-muted">8 to 128 characters; a short sentence works well.</p>
          </div>
          <div>
            <label htmlFor="confirmPassword" className="mb-2 block font-medium">
              Password, once more
            </label>
            <PasswordInput id="confirmPassword" name="confirmPassword" autoComplete="new-password" maxLength={128} />
          </div>
          <button type="submit" className="btn-gold" disabled={submitting}>
            {submitting ? "Preparing your space..." : adminSetup ? "Set Up the Console" : "Enter the Member Area"}
          </button>
        </Form>
      </div>
    </div>
  );
}
