import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useFetcher, useSearchParams } from "react-router";
import { CrisisResources } from "~/components/care/crisis-resources";
import { TextAreaField } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { FormOutcome } from "~/components/forms/form-outcome";
import { StaffReads } from "~/components/integration/staff-reads";
import { ThreadView } from "~/components/integration/thread-view";
import { notify } from "~/components/ui/notify";
import { appContext, viewerContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { useOneAlert } from "~/forms/use-one-alert";
import { formatDateTime, formatWait } from "~/lib/dates";
import { isOwnRequest } from "~/lib/fetch-site";
import { beforeCursor, serialId } from "~/lib/ids";
import { privateMeta } from "~/lib/private-meta";
import { listShareReads } from "~/modules/audit/audit.server";
import { INTEGRATION_MESSAGES } from "~/modules/integration/messages";
import { memberShare } from "~/modules/integration/shares.server";
import { markReadByMember } from "~/modules/integration/thread-reads.server";
import { MEMBER_STATUS_LABELS } from "~/modules/integration/thread-words";
import { writeAsMember } from "~/modules/integration/threads.server";
import { threadMessageSchema } from "~/modules/integration/validation";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/conversation";

export const meta: Route.MetaFunction = () => privateMeta("Conversation with the keepers");

export { privateActionHeaders as headers } from "~/lib/http";

const KINDS = {
  share: "Your reflection",
  "group-request": "Your group session request",
  message: "Your private message",
};
const SENT_WORDS = "The keepers have your message. We will email you when one of them writes back.";
const SENT = `Sent: ${SENT_WORDS}`;
const OUTCOMES = { sent: SENT, "sent-care": SENT } as const;

/**
 * The member's own conversation (another's is a 404), its newest messages (`?before=`: older
 * ones). Opening it reads the keepers' messages so far, when the member opened it themselves: a
 * link on this site, or typed. A link from another site shows it and changes nothing (issue 45);
 * the page then offers "Mark as read".
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const before = beforeCursor(new URL(request.url));
  const share = await memberShare(handles.db, handles.env, viewer.id, serialId(params.id) ?? 0, before);
  if (!share) throw data(null, { status: 404 });
  // The member layout leaves this conversation out of its count on the same condition.
  const reading = share.unread && before === undefined && isOwnRequest(request);
  const [reads] = await Promise.all([
    listShareReads(handles.db, [share.id]),
    reading ? markReadByMember(handles.db, viewer.id, share.id) : null,
  ]);
  const zone = viewer.timezone;
  return {
    share: {
      id: share.id,
      kind: share.kind,
      status: share.status,
      anonymous: share.anonymous,
      content: share.content,
      createdAt: formatDateTime(share.createdAt, zone),
    },
    messages: share.messages.map((m) => ({ ...m, createdAt: formatDateTime(m.createdAt, zone) })),
    earlier: share.earlier,
    paged: before !== undefined,
    unread: share.unread && !reading,
    // Every time a keeper opened this conversation (DESIGN.md: the member sees staff reads).
    reads: reads.map((r) => ({
      id: r.id,
      text: `${r.actorName ?? "A Temple Keeper"}, ${formatDateTime(r.createdAt, zone)}`,
    })),
  };
}

/**
 * The member's next message: once per one-time key (a resend is the same message), within the
 * member's budget of words to the keepers (RATE_LIMITS.conversation: beyond it a 429 that says when
 * to write again, the words kept). Or "Mark as read", from the page itself.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const id = serialId(params.id) ?? 0;
  return handleForm(submission, INTEGRATION_MESSAGES.messageNotSent, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "message": {
        const limited = await hit(handles.db, RATE_LIMITS.conversation, viewer.id);
        if (!limited.allowed) {
          const wait = formatWait(limited.retryAfterSeconds);
          return refused(submission, INTEGRATION_MESSAGES.tooMany(wait), 429, {
            retryAfterSeconds: limited.retryAfterSeconds,
            rateLimited: true,
          });
        }
        const parsed = parse(submission, threadMessageSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const identity = {
          scope: "integration.share.message",
          key: submission.key,
          ownerId: viewer.id,
          subject: `share:${id}`,
        };
        const answer = await once(handles.db, identity, async (tx) => {
          const written = await writeAsMember(tx, handles.env, viewer, id, parsed.data.message);
          if (written.kind === "missing") throw data(null, { status: 404 });
          // Words of harm or danger: the crisis lines at once, with or without JavaScript.
          const redirectTo = donePage(`/integration/shares/${id}`, written.urgent ? "sent-care" : "sent");
          return written.urgent ? { redirectTo, data: { care: true } } : { redirectTo };
        });
        return succeeded(request, answer);
      }
      case "read":
        if (!(await markReadByMember(handles.db, viewer.id, id))) throw data(null, { status: 404 });
        return succeeded(request, { redirectTo: `/integration/shares/${id}` });
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) =>
  keepFormOnFailure(args, INTEGRATION_MESSAGES.messageNotSent);

const loadSchema = () => import("~/modules/integration/validation").then((m) => m.threadMessageSchema);

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const { share, messages, reads, earlier, paged, unread } = loaderData;
  const [params] = useSearchParams();
  // With JavaScript the page stays: the message joins the conversation, a toast says it went, and
  // words of harm or danger bring the crisis lines, as the page after a plain post does.
  const [cared, setCared] = useState(false);
  const form = useForm<{ care?: boolean }>({
    id: "message",
    result: actionData,
    schema: loadSchema,
    onSuccess: (data, element) => {
      element?.reset();
      if (data?.care) setCared(true);
      notify("success", "Sent", { description: SENT_WORDS });
    },
    // The message just sent, at the end of the conversation, takes focus (use-form.ts).
    changed: () => document.querySelector('ol[aria-label="Conversation"] > li:last-child'),
  });
  const alert = useOneAlert(form);
  const care = cared || params.get(OUTCOME_PARAM) === "sent-care";
  return (
    <article className="mx-auto max-w-3xl py-10">
      <Link to="/messages" className="inline-flex items-center gap-2 text-sm text-violet-200 hover:text-gold">
        <ArrowLeft aria-hidden size={16} />
        All messages
      </Link>
      <h1 className="mt-6 font-serif text-4xl font-semibold">{KINDS[share.kind]}</h1>
      <p className="mt-2 text-sm text-mist-muted">
        {`${share.createdAt} · ${MEMBER_STATUS_LABELS[share.status]}${share.anonymous ? " · shared without your name" : ""}`}
      </p>
      {care ? (
        <div className="mt-6">
          <CrisisResources />
        </div>
      ) : null}
      <FormOutcome messages={OUTCOMES} className="mt-6" answered={Boolean(actionData)} />
      {unread ? <MarkRead /> : null}
      <ThreadView
        first={{ text: share.content, at: share.createdAt }}
        messages={messages}
        memberLabel="You"
        keeperLabel={(name) => name ?? "A Temple Keeper"}
        earlier={earlier}
        paged={paged}
        path={`/integration/shares/${share.id}`}
      />
      <Form method="post" className="card mt-6 grid gap-3" {...alert.props}>
        <input {...form.keyField} />
        <input type="hidden" name="intent" value="message" />
        <FormAlert {...alert.shown} />
        <TextAreaField
          {...form.field("message")}
          {...alert.control("message")}
          label="Write to the keepers"
          hint="Only the Temple Keepers read it. This is spiritual care, not an emergency service."
          maxLength={5000}
          className="field min-h-[140px]"
        />
        <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
          {form.pending ? "Sending..." : "Send Message"}
        </button>
      </Form>
      <StaffReads title="Who has read this conversation" level="h2" reads={reads} className="mt-6" />
    </article>
  );
}

/**
 * A keeper's word still counted new: the page was opened from another site's link (an email in a
 * webmail), or showed older messages, so opening it changed nothing. Reading it is then the
 * member's press here (issue 45: nothing but this site's own request marks it read).
 */
function MarkRead() {
  // A fetcher's answer is its own: the message form below does not take it for a message sent.
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" className="mt-6 flex flex-wrap items-center gap-3 text-sm">
      <input type="hidden" name="intent" value="read" />
      <span className="rounded-full border border-gold/60 px-2 py-0.5 text-xs text-gold">New message</span>
      <span className="text-mist-muted">Still counted as new in your member area.</span>
      <button type="submit" className="btn-ghost" disabled={fetcher.state !== "idle"}>
        Mark as read
      </button>
    </fetcher.Form>
  );
}
