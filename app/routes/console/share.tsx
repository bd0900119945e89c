import { data, Link } from "react-router";
import { ConsoleOutcome } from "~/components/console/outcome";
import { ReplyForm } from "~/components/console/reply-form";
import { appContext, viewerContext } from "~/context";
import { FormRefusal, handleForm, parse, readSubmission, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { consoleInvalid, consoleRefused } from "~/forms/console.server";
import { donePage } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDateTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { CONSOLE_MESSAGES } from "~/modules/console/messages";
import { readShareAsStaff, replyToShare, shareReplied } from "~/modules/integration/shares.server";
import { replySchema } from "~/modules/integration/validation";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/share";

export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const share = await readShareAsStaff(handles.db, handles.env, viewer, serialId(params.id) ?? 0, handles.clientIp);
  if (!share) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  return {
    share: {
      ...share,
      createdAt: formatDateTime(share.createdAt, zone),
      repliedAt: share.repliedAt ? formatDateTime(share.repliedAt, zone) : null,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, CONSOLE_MESSAGES.notSaved, handles.logger, async () => {
    const id = serialId(params.id) ?? 0;
    const identity = {
      scope: "console.share.reply",
      key: submission.key,
      ownerId: viewer.id,
      subject: `share:${params.id}`,
    };
    // A share has one reply: another keeper's (or an old tab's) is refused whatever it says, and
    // the first reply stands. Only a resend of the reply that answered it gets its first answer.
    const answered = () => new FormRefusal(consoleRefused(submission, CONSOLE_MESSAGES.shareAnswered, 409));
    if (await shareReplied(handles.db, id)) {
      const resent = await once(handles.db, identity, () => Promise.reject(answered()));
      return succeeded(request, resent);
    }
    const parsed = parse(submission, replySchema);
    if (!parsed.ok) return consoleInvalid(submission, parsed.fieldErrors, ["reply"]);
    // One reply (and one email to the member) per key, however often the post arrives.
    const answer = await once(handles.db, identity, async (tx) => {
      const done = await replyToShare(tx, handles.env, viewer, id, parsed.data.reply, handles.env.SITE_URL);
      if (done === "missing") throw data(null, { status: 404 });
      if (done === "answered") throw answered();
      return { redirectTo: donePage(`/console/shares/${params.id}`, "replied"), data: { done: "replied" } };
    });
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CONSOLE_MESSAGES.notSaved);

const loadSchema = () => import("~/modules/integration/validation").then((m) => m.replySchema);

export default function ShareDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { share } = loaderData;
  const result = actionData;
  const form = useForm({ id: "share", result, schema: loadSchema });
  return (
    <article className="max-w-3xl">
      <Link to="/console/shares" className="text-sm text-violet-200 underline underline-offset-4">
        All shares
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold">{share.memberName}</h1>
      <p className="mt-1 text-sm text-mist-muted">
        {`${share.kind === "share" ? "Reflection" : share.kind === "group-request" ? "Group session request" : "Private message"} · ${share.createdAt}${share.anonymous ? " · sent anonymously" : ""}`}
      </p>
      <ConsoleOutcome result={result} messages={CONSOLE_MESSAGES.done.share} />
      <section className="card mt-6">
        <p className="whitespace-pre-wrap break-words">{share.content}</p>
      </section>
      {share.reply ? (
        <section className="card mt-6">
          <h2 className="font-semibold">{`Reply by ${share.repliedByName ?? "a keeper"}, ${share.repliedAt}`}</h2>
          <p className="mt-2 whitespace-pre-wrap break-words">{share.reply}</p>
        </section>
      ) : (
        <ReplyForm
          form={form}
          label="Your reply"
          hint="The member gets an email that a reply is waiting; the email holds no content."
        />
      )}
    </article>
  );
}
