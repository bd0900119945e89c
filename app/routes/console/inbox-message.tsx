import { data, Form, Link } from "react-router";
import { ConsoleOutcome } from "~/components/console/outcome";
import { ReplyForm } from "~/components/console/reply-form";
import { StatusBadge } from "~/components/console/status-badge";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { readMessage, replyToMessage, setHandled } from "~/modules/contact/contact.server";
import { contactReplySchema } from "~/modules/contact/validation";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/inbox-message";

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const found = await readMessage(handles.db, viewer, serialId(params.id) ?? 0, handles.clientIp);
  if (!found) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  const { message, replies } = found;
  return {
    message: {
      id: message.id,
      name: message.name,
      email: message.email,
      text: message.message,
      urgent: message.urgent,
      createdAt: formatDateTime(message.createdAt, zone),
      handled: message.handledAt
        ? `${message.handledByName ?? "a keeper"}, ${formatDateTime(message.handledAt, zone)}`
        : null,
    },
    replies: replies.map((r) => ({ id: r.id, by: r.staffName, at: formatDateTime(r.createdAt, zone), body: r.body })),
  };
}

/** A reply by email (once per one-time key), or marking the message handled or waiting again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const id = serialId(params.id) ?? 0;
  const here = `/console/inbox/${params.id}`;
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const intent = submission.fields.intent;
    switch (intent) {
      case "handled":
      case "waiting":
        if (!(await setHandled(handles.db, viewer, id, intent === "handled"))) throw data(null, { status: 404 });
        return succeeded(request, { redirectTo: donePage(here, intent), data: { done: intent } });
      case "reply": {
        const parsed = parse(submission, contactReplySchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["reply"]);
        const answer = await once(
          handles.db,
          { scope: "console.inbox.reply", key: submission.key, ownerId: viewer.id, subject: `contact-message:${id}` },
          async (tx) => {
            if (!(await replyToMessage(tx, viewer, id, parsed.data.reply, handles.clientIp))) {
              throw data(null, { status: 404 });
            }
            return { redirectTo: donePage(here, "replied"), data: { done: "replied" } };
          },
        );
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadSchema = () => import("~/modules/contact/validation").then((m) => m.contactReplySchema);

export default function InboxMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, replies } = loaderData;
  const result = actionData;
  const replyAnswer = result && !result.ok && result.values?.intent === "reply" ? result : undefined;
  const reply = useForm({
    id: "reply",
    result: replyAnswer ?? (result?.ok ? result : undefined),
    schema: loadSchema,
    onSuccess: (_data, element) => element?.reset(),
  });
  const mark = useForm({ id: "mark", result: result && !replyAnswer ? result : undefined });
  return (
    <article className="max-w-3xl">
      <Link to="/console/inbox" className="text-sm text-violet-200 underline underline-offset-4">
        Inbox
      </Link>
      <h1 className="mt-3 flex flex-wrap items-center gap-3 font-serif text-3xl font-semibold">
        {message.name}
        {message.urgent ? <StatusBadge status="urgent" /> : null}
      </h1>
      <p className="mt-1 text-sm break-all text-mist-muted">
        <a href={`mailto:${message.email}`} className="underline underline-offset-4">
          {message.email}
        </a>
        {` · received ${message.createdAt}`}
      </p>
      {message.urgent ? (
        <p className="mt-3 rounded-lg border border-rose-300/60 bg-rose-500/10 p-3 text-sm text-rose-100">
          This message speaks of harm or danger. The sender was shown crisis lines (988, local emergency numbers, the
          Fireside Project) when they sent it. Please answer today, with care.
        </p>
      ) : null}
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.inbox} />
      <section className="card mt-6">
        <p className="whitespace-pre-wrap break-words">{message.text}</p>
      </section>
      {replies.map((r) => (
        <section key={r.id} className="card mt-4">
          <h2 className="font-semibold">{`Replied by ${r.by}, ${r.at}`}</h2>
          <p className="mt-2 whitespace-pre-wrap break-words">{r.body}</p>
        </section>
      ))}
      <ReplyForm
        form={reply}
        intent="reply"
        label={`Reply to ${message.name} by email`}
        hint="Sent from the congregation's address through the outbox, with their message quoted below. It marks the message handled."
      />
      <Form method="post" className="mt-4" {...mark.props}>
        <input {...mark.keyField} />
        <p className="text-sm text-mist-muted">
          {message.handled
            ? `Handled by ${message.handled}.`
            : "Answered another way (a call, a reply from your own mail)?"}
        </p>
        <button
          type="submit"
          name="intent"
          value={message.handled ? "waiting" : "handled"}
          className="btn-ghost mt-2"
          disabled={mark.pending}
        >
          {message.handled ? "Mark waiting again" : "Mark handled"}
        </button>
      </Form>
    </article>
  );
}
