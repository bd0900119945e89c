import { data, Form, Link } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { NoticeBox } from "~/components/forms/notice-box";
import { appContext } from "~/context";
import { FormRefusal, handleForm, readSubmission, refused, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { useForm } from "~/forms/use-form";
import { privateMeta } from "~/lib/private-meta";
import { linkSubject } from "~/lib/tokens.server";
import { confirmEmailChange, findEmailChange } from "~/modules/accounts/email-change.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/confirm-email";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta: Route.MetaFunction = () => privateMeta("Confirm your email address");

const FAILED = { title: "Not confirmed", description: "Your address could not be confirmed. Please try again." };
const IN_USE = {
  title: "That address is taken",
  description: "Another account now signs in with this address, so your account keeps its current one.",
};
const EXPIRED = {
  title: "This link no longer works",
  description:
    "It may have been used or cancelled already, or be more than a day old. Nothing was changed. You can ask for a new link on your profile, under Sign-in and Security.",
};
type Done = { kind: "changed" | "confirmed"; email: string };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  // Where a confirmation lands without JavaScript (redirect after post): the link is used up by then.
  const done = new URL(request.url).searchParams.get("done");
  if (done === "changed" || done === "confirmed") return { change: null, done: done as Done["kind"] };
  const change = await findEmailChange(handles.db, params.token);
  if (!change) return data({ change: null, done: null }, { status: 410 });
  return { change: { newEmail: change.newEmail, confirming: change.newEmail === change.currentEmail }, done: null };
}

// Confirming is a POST behind a button: mail scanners open links (GET) and must change nothing.
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  return handleForm(submission, FAILED, handles.logger, async () => {
    // With the one-time key a resend after a lost answer gets the first answer, not "no longer works".
    const answer = await once(
      handles.db,
      { scope: "confirm-email", key: submission.key, subject: linkSubject("email-change-link", params.token) },
      async (tx) => {
        const outcome = await confirmEmailChange({ ...handles, db: tx }, params.token);
        if (outcome.kind === "in-use") throw new FormRefusal(refused(submission, IN_USE, 409));
        if (outcome.kind === "expired") throw new FormRefusal(refused(submission, EXPIRED, 410));
        return { redirectTo: `/confirm-email/${params.token}?done=${outcome.kind}`, data: outcome satisfies Done };
      },
    );
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, FAILED);

export default function ConfirmEmail({ loaderData, actionData: result }: Route.ComponentProps) {
  const form = useForm<Done>({ id: "confirm-email", result });
  const done: Partial<Done> | null = result?.ok
    ? (result.data ?? null)
    : loaderData.done
      ? { kind: loaderData.done }
      : null;
  // A used or taken link replaces the page; any other failure shows above the button, to try again.
  const refusal = [IN_USE.title, EXPIRED.title].includes(form.formError?.title ?? "") ? form.formError : null;
  return (
    <div className="mx-auto max-w-2xl px-4 pb-24 sm:px-6">
      {done ? (
        <PageHero eyebrow="Confirmed" title="Your address is confirmed">
          {done.kind === "changed"
            ? `From now on you sign in with ${done.email ?? "your new address"}, and we write to it. We told your previous address about the change.`
            : `${done.email ?? "Your address"} is confirmed as yours.`}
        </PageHero>
      ) : refusal ? (
        <PageHero eyebrow={refusal.title === IN_USE.title ? "Not changed" : "Link expired"} title={refusal.title}>
          {refusal.description}
        </PageHero>
      ) : !loaderData.change ? (
        <PageHero eyebrow="Link expired" title={EXPIRED.title}>
          {EXPIRED.description}
        </PageHero>
      ) : (
        <>
          <PageHero eyebrow="One last step" title="Confirm your email address">
            {loaderData.change.confirming
              ? "Press the button to confirm that this address is yours:"
              : "Press the button to sign in with this address from now on:"}{" "}
            <span className="break-all text-gold">{loaderData.change.newEmail}</span>
          </PageHero>
          {form.formError && !refusal ? (
            <NoticeBox inline className="mb-6 text-center">
              {form.formError.description}
            </NoticeBox>
          ) : null}
          <Form method="post" className="text-center" {...form.props}>
            <input {...form.keyField} />
            <button type="submit" className="btn-gold" disabled={form.pending}>
              {form.pending ? "Confirming..." : "Confirm This Address"}
            </button>
          </Form>
        </>
      )}
      <p className="mt-10 text-center">
        <Link to="/profile#security" className="btn-ghost">
          Go to My Profile
        </Link>
      </p>
    </div>
  );
}
