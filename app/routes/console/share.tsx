import { data, Form, Link } from "react-router";
import { ConsoleOutcome } from "~/components/console/outcome";
import { ReplyForm } from "~/components/console/reply-form";
import { StatusBadge } from "~/components/console/status-badge";
import { ThreadView } from "~/components/integration/thread-view";
import { appContext, viewerContext } from "~/context";
import { handleForm, parse, readSubmission, refused, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime, formatWait } from "~/lib/dates";
import { isOwnRequest } from "~/lib/fetch-site";
import { beforeCursor, serialId } from "~/lib/ids";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { openShareAsStaff, shareForStaff } from "~/modules/integration/keeper-reads.server";
import { INTEGRATION_MESSAGES } from "~/modules/integration/messages";
import { SHARE_KINDS, STATUS_LABELS } from "~/modules/integration/thread-words";
import { setThread, writeAsKeeper } from "~/modules/integration/threads.server";
import { replySchema } from "~/modules/integration/validation";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/share";

export { privateActionHeaders as headers } from "~/lib/http";

/**
 * One share and a page of its conversation (`?before=`: older messages). Opening it is an audited
 * read, and only the keeper's own request opens it (a console link, a typed address, their press of
 * "Open"): a link from another site shows who and what, none of the words, and records nothing
 * (issue 45).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const before = beforeCursor(new URL(request.url));
  const share = await shareForStaff(handles.db, handles.env, viewer, serialId(params.id) ?? 0, {
    ip: handles.clientIp,
    record: isOwnRequest(request),
    before,
  });
  if (!share) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  return {
    share: {
      id: share.id,
      kind: share.kind,
      anonymous: share.anonymous,
      urgent: share.urgent,
      memberName: share.memberName,
      status: share.status,
      assigneeName: share.assigneeName,
      // Theirs to hand back (not take again), open or closed.
      mine: share.assigneeId === viewer.id,
      createdAt: formatDateTime(share.createdAt, zone),
    },
    thread: share.opened
      ? {
          content: share.content,
          messages: share.messages.map((m) => ({ ...m, createdAt: formatDateTime(m.createdAt, zone) })),
          earlier: share.earlier,
          paged: before !== undefined,
        }
      : null,
  };
}

/**
 * A keeper's message (once per one-time key: a resend is the same message; within the keeper's
 * budget, RATE_LIMITS.conversationKeeper), taking, handing back, closing or reopening the conversation (states: a
 * resend changes nothing more), or opening a share shown shut (the audited read).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const id = serialId(params.id) ?? 0;
  const here = `/console/shares/${params.id}`;
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const intent = submission.fields.intent;
    switch (intent) {
      case "take":
      case "release":
      case "close":
      case "reopen":
        if (!(await setThread(handles.db, viewer, id, intent, handles.clientIp))) throw data(null, { status: 404 });
        return succeeded(request, { redirectTo: donePage(here, intent), data: { done: intent } });
      case "open":
        if (!(await openShareAsStaff(handles.db, viewer, id, handles.clientIp))) throw data(null, { status: 404 });
        return succeeded(request, { redirectTo: here });
      case "reply": {
        const limited = await hit(handles.db, RATE_LIMITS.conversationKeeper, viewer.id);
        if (!limited.allowed) {
          return refused(submission, INTEGRATION_MESSAGES.keeperTooMany(formatWait(limited.retryAfterSeconds)), 429, {
            retryAfterSeconds: limited.retryAfterSeconds,
            rateLimited: true,
          });
        }
        const parsed = parse(submission, replySchema);
        if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["reply"]);
        const identity = {
          scope: "console.share.message",
          key: submission.key,
          ownerId: viewer.id,
          subject: `share:${id}`,
        };
        const answer = await once(handles.db, identity, async (tx) => {
          if ((await writeAsKeeper(tx, handles.env, viewer, id, parsed.data.reply)) === "missing") {
            throw data(null, { status: 404 });
          }
          return { redirectTo: donePage(here, "replied"), data: { done: "replied" } };
        });
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadSchema = () => import("~/modules/integration/validation").then((m) => m.replySchema);

/** Who holds the conversation, as a keeper reads it: another keeper sees who has it. */
const holder = (share: { mine: boolean; assigneeName: string | null }) =>
  share.mine ? "taken by you" : share.assigneeName ? `taken by ${share.assigneeName}` : "not taken yet";

export default function ShareDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { share, thread } = loaderData;
  const result = actionData;
  const replyAnswer = result && !result.ok && result.values?.intent === "reply" ? result : undefined;
  const reply = useForm({
    id: "reply",
    result: replyAnswer ?? (result?.ok ? result : undefined),
    schema: loadSchema,
    onSuccess: (_data, element) => element?.reset(),
  });
  const state = useForm({ id: "thread-state", result: result && !replyAnswer ? result : undefined });
  const opening = useForm({ id: "open", result: undefined });
  return (
    <article className="max-w-3xl">
      <Link to="/console/shares" className="text-sm text-violet-200 underline underline-offset-4">
        All shares
      </Link>
      <h1 className="mt-3 flex flex-wrap items-center gap-3 font-serif text-3xl font-semibold">
        {share.memberName}
        {share.urgent ? <StatusBadge status="urgent" /> : null}
        <StatusBadge status={share.status} label={STATUS_LABELS[share.status]} />
      </h1>
      <p className="mt-1 text-sm text-mist-muted">
        {`${SHARE_KINDS[share.kind]} · ${share.createdAt}${share.anonymous ? " · sent anonymously" : ""} · ${holder(share)}`}
      </p>
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.share} />
      {thread ? (
        <>
          <ThreadView
            first={{ text: thread.content, at: share.createdAt }}
            messages={thread.messages}
            memberLabel={share.memberName}
            keeperLabel={(name) => name ?? "A Temple Keeper"}
            earlier={thread.earlier}
            paged={thread.paged}
            path={`/console/shares/${share.id}`}
          />
          <ReplyForm
            form={reply}
            intent="reply"
            label="Your message"
            hint="The member gets an email that there is a new message; the email holds none of it."
          />
          <Form method="post" className="mt-4 flex flex-wrap gap-3" {...state.props}>
            <input {...state.keyField} />
            <button
              type="submit"
              name="intent"
              value={share.mine ? "release" : "take"}
              className="btn-ghost"
              disabled={state.pending}
            >
              {share.mine
                ? "Hand Back"
                : share.assigneeName
                  ? `Take It from ${share.assigneeName}`
                  : "Take This Conversation"}
            </button>
            <button
              type="submit"
              name="intent"
              value={share.status === "closed" ? "reopen" : "close"}
              className="btn-ghost"
              disabled={state.pending}
            >
              {share.status === "closed" ? "Reopen" : "Close Conversation"}
            </button>
          </Form>
        </>
      ) : (
        // Reached by a link from outside the console (another site, a webmail): opened by the keeper's own press.
        <Form method="post" className="card mt-6 grid gap-3" {...opening.props}>
          <input type="hidden" name="intent" value="open" />
          <p>
            Opening this share shows you what the member wrote. It is recorded, and the member sees that you read it.
          </p>
          <button type="submit" className="btn-gold justify-self-start" disabled={opening.pending}>
            Open the Conversation
          </button>
        </Form>
      )}
    </article>
  );
}
