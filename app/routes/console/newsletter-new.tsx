import { Link, redirect } from "react-router";
import { IssueForm } from "~/components/console/issue-form";
import { ConsoleOutcome } from "~/components/console/outcome";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid } from "~/forms/console.server";
import { useForm } from "~/forms/use-form";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { newsletterIssueSchema } from "~/modules/newsletter/issue-validation";
import { createIssue } from "~/modules/newsletter/newsletter-issues.server";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/newsletter-new";

/** Nothing to load; its being here makes a visit in the browser ask the server, so the console's guard runs. */
export async function loader() {
  return null;
}

/** The first save makes the draft (once per one-time key, so a double click makes one) and opens it. */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const parsed = parse(submission, newsletterIssueSchema);
    if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["subject", "format", "body"]);
    const answer = await once(
      handles.db,
      { scope: "console.newsletter.create", key: submission.key, ownerId: viewer.id, subject: NEW_RECORD },
      async (tx) => ({ redirectTo: `/console/newsletter/${await createIssue(tx, viewer, parsed.data)}?done=saved` }),
    );
    // The draft has its own page now, with or without JavaScript.
    return redirect(answer.redirectTo, 303);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadSchema = () => import("~/modules/newsletter/issue-validation").then((m) => m.newsletterIssueSchema);

export default function NewIssue({ actionData }: Route.ComponentProps) {
  const result = actionData;
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
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.newsletter} />
      <IssueForm form={form} />
    </article>
  );
}
