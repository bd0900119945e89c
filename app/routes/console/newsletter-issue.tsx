import { data, Form, Link } from "react-router";
import { IssueForm } from "~/components/console/issue-form";
import { IssuePreview } from "~/components/console/issue-preview";
import { ConsoleOutcome } from "~/components/console/outcome";
import { FieldError } from "~/components/forms/field";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { plural } from "~/lib/plural";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { newsletterIssueSchema, newsletterSendSchema } from "~/modules/newsletter/issue-validation";
import { getIssue, issueHtml, saveIssue, sendIssue, sendTest } from "~/modules/newsletter/newsletter-issues.server";
import { subscriberCounts } from "~/modules/newsletter/subscribers.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/newsletter-issue";

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const issue = await getIssue(handles.db, serialId(params.id) ?? 0);
  if (!issue) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  const counts = await subscriberCounts(handles.db);
  return {
    issue: {
      id: issue.id,
      subject: issue.subject,
      body: issue.body,
      format: issue.format,
      author: issue.authorName,
      updatedAt: formatDateTime(issue.updatedAt, zone),
      started: issue.sendStartedAt ? formatDateTime(issue.sendStartedAt, zone) : null,
      sent: issue.sentAt ? formatDateTime(issue.sentAt, zone) : null,
      sentBy: issue.sentByName,
      recipients: issue.recipientCount,
    },
    previewHtml: await issueHtml(handles.db, issue),
    confirmed: counts.confirmed,
    myAddress: viewer.email,
  };
}

const LOCKED = "This issue has been sent; it is kept as it went out and can no longer be changed.";
const NOBODY = "No one has confirmed a subscription yet, so there is nobody to send this issue to.";

/** Save the draft, send a test to oneself, or send the issue to every confirmed subscriber. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const id = serialId(params.id) ?? 0;
  const here = `/console/newsletter/${id}`;
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "save": {
        const parsed = parse(submission, newsletterIssueSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["subject", "format", "body"]);
        const saved = await saveIssue(handles.db, id, parsed.data);
        if (saved === "missing") throw data(null, { status: 404 });
        if (saved === "locked") return consoleRefused(submission, LOCKED, 409);
        return succeeded(request, { redirectTo: donePage(here, "saved"), data: { done: "saved" } });
      }
      case "test": {
        const issue = await getIssue(handles.db, id);
        if (!issue) throw data(null, { status: 404 });
        const answer = await once(
          handles.db,
          {
            scope: "console.newsletter.test",
            key: submission.key,
            ownerId: viewer.id,
            subject: `newsletter-issue:${id}`,
          },
          async (tx) => {
            await sendTest(tx, issue, viewer.email, handles.env.SITE_URL);
            return { redirectTo: donePage(here, "tested"), data: { done: "tested" } };
          },
        );
        return succeeded(request, answer);
      }
      case "send": {
        if (!(await getIssue(handles.db, id))) throw data(null, { status: 404 });
        const parsed = parse(submission, newsletterSendSchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["confirm"]);
        const outcome = await sendIssue(handles.db, id, viewer, handles.env.SITE_URL, handles.clientIp);
        if (outcome.kind === "missing") throw data(null, { status: 404 });
        if (outcome.kind === "nobody") return consoleRefused(submission, NOBODY, 409);
        return succeeded(request, { redirectTo: donePage(here, "sent"), data: { done: "sent" } });
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadIssueSchema = () => import("~/modules/newsletter/issue-validation").then((m) => m.newsletterIssueSchema);
const loadSendSchema = () => import("~/modules/newsletter/issue-validation").then((m) => m.newsletterSendSchema);

export default function NewsletterIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, previewHtml, confirmed, myAddress } = loaderData;
  const result = actionData;
  const intent = result && !result.ok ? result.values?.intent : undefined;
  const compose = useForm({ id: "issue", result: intent === "save" ? result : undefined, schema: loadIssueSchema });
  const test = useForm({ id: "test", result: intent === "test" ? result : undefined });
  const send = useForm({ id: "send", result: intent === "send" ? result : undefined, schema: loadSendSchema });
  const confirm = send.field("confirm");
  const recipients = plural(confirmed, "confirmed subscriber");
  return (
    <article className="max-w-3xl">
      <Link to="/console/newsletter" className="text-sm text-violet-200 underline underline-offset-4">
        Newsletter
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold break-words">
        {issue.started ? issue.subject : `Draft: ${issue.subject}`}
      </h1>
      <p className="mt-1 text-sm text-mist-muted">
        {issue.sent
          ? `Sent by ${issue.sentBy ?? "a keeper"}, ${issue.sent}, to ${plural(issue.recipients, "subscriber")}.`
          : issue.started
            ? `Sending began ${issue.started} (${issue.sentBy ?? "a keeper"}) and was cut off before every mail was queued.`
            : `Written by ${issue.author} · last saved ${issue.updatedAt}`}
      </p>
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.newsletter} />
      {issue.started ? null : (
        <IssueForm form={compose} draft={{ subject: issue.subject, format: issue.format, body: issue.body }} />
      )}
      <IssuePreview subject={issue.subject} html={previewHtml} />
      {issue.sent ? null : (
        <section aria-labelledby="send-title" className="card mt-6 grid gap-4">
          <h2 id="send-title" className="font-serif text-2xl font-semibold">
            Send
          </h2>
          {issue.started ? null : (
            <Form method="post" {...test.props}>
              <input {...test.keyField} />
              <p className="text-sm text-mist-muted">{`The preview above, to your own address (${myAddress}).`}</p>
              <button type="submit" name="intent" value="test" className="btn-ghost mt-2" disabled={test.pending}>
                {test.pending ? "Sending..." : "Send me a test"}
              </button>
            </Form>
          )}
          {confirmed === 0 && !issue.started ? (
            <p className="text-mist-muted">{NOBODY}</p>
          ) : (
            <Form method="post" {...send.props}>
              <input {...send.keyField} />
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name="confirm"
                  id={confirm.id}
                  defaultChecked={Boolean(issue.started)}
                  aria-invalid={confirm.error ? true : undefined}
                  aria-describedby={confirm.error ? `${confirm.id}-error` : undefined}
                  className="mt-1"
                />
                <span>{`Send this issue, as previewed, to ${recipients} now. It cannot be unsent.`}</span>
              </label>
              <FieldError id={`${confirm.id}-error`} className="mt-1" message={confirm.error} />
              <button type="submit" name="intent" value="send" className="btn-gold mt-3" disabled={send.pending}>
                {send.pending ? "Sending..." : issue.started ? "Finish sending" : `Send to ${recipients}`}
              </button>
            </Form>
          )}
        </section>
      )}
    </article>
  );
}
