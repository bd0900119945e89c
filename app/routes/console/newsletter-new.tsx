import { Link, redirect, useActionData } from "react-router";
import { IssueForm } from "~/components/console/issue-form";
import { type ConsoleDone, ConsoleOutcome } from "~/components/console/outcome";
import { useForm } from "~/components/forms/use-form";
import { keepFormOnFailure } from "~/lib/client-action";
import { handleForm, parse, readSubmission } from "~/lib/form-action.server";
import type { FormResult } from "~/lib/forms";
import { requireStaff } from "~/modules/accounts/session.server";
import { consoleInvalid } from "~/modules/console/forms.server";
import { CONSOLE_DONE, CONSOLE_NOT_SAVED } from "~/modules/console/outcomes";
import { newsletterIssueSchema } from "~/modules/messages/issue-validation";
import { createIssue } from "~/modules/messages/newsletter-issues.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/newsletter-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return null;
}

/** The first save makes the draft (once per one-time key, so a double click makes one) and opens it. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaff(request, context);
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_NOT_SAVED, context.logger, async () => {
    const parsed = parse(submission, newsletterIssueSchema);
    if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["subject", "format", "body"]);
    const answer = await once(
      context.db,
      { scope: "console.newsletter.create", key: submission.key, ownerId: viewer.id },
      async (tx) => ({ redirectTo: `/console/newsletter/${await createIssue(tx, viewer, parsed.data)}?done=saved` }),
    );
    // The draft has its own page now, with or without JavaScript.
    return redirect(answer.redirectTo, 303);
  });
}

export const clientAction = keepFormOnFailure(CONSOLE_NOT_SAVED);

const loadSchema = () => import("~/modules/messages/issue-validation").then((m) => m.newsletterIssueSchema);

export default function NewIssue() {
  const result = useActionData<typeof action>() as FormResult<ConsoleDone> | undefined;
  const form = useForm({ id: "issue", result, schema: loadSchema });
  return (
    <article className="max-w-3xl">
      <Link to="/console/newsletter" className="text-sm text-violet-200 underline underline-offset-4">
        Newsletter
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold">A new issue</h1>
      <p className="mt-2 text-mist-muted">
        Saving keeps it as a draft and shows a preview. Nothing is sent until you send a test or the issue.
      </p>
      <ConsoleOutcome result={result} messages={CONSOLE_DONE.newsletter} />
      <IssueForm form={form} />
    </article>
  );
}
