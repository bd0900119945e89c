import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { firstError, formToObject } from "~/lib/forms";
import { serialId } from "~/lib/ids";
import { formatDateTime } from "~/lib/time-format";
import { requireStaff } from "~/modules/accounts/session.server";
import { readShareAsStaff, replyToShare } from "~/modules/integration/shares.server";
import { replySchema } from "~/modules/integration/validation";
import { memberTimezone } from "~/modules/profile/profile.server";
import type { Route } from "./+types/share";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const share = await readShareAsStaff(context.db, context.env, viewer, serialId(params.id) ?? 0, context.clientIp);
  if (!share) throw data(null, { status: 404 });
  const zone = await memberTimezone(context.db, viewer.id);
  return {
    share: {
      ...share,
      createdAt: formatDateTime(share.createdAt, zone),
      repliedAt: share.repliedAt ? formatDateTime(share.repliedAt, zone) : null,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireStaff(request, context);
  const fields = formToObject(await request.formData());
  const parsed = replySchema.safeParse(fields);
  if (!parsed.success) return data({ error: firstError(replySchema, fields) }, { status: 400 });
  const done = await replyToShare(
    context.db,
    context.env,
    viewer,
    serialId(params.id) ?? 0,
    parsed.data.reply,
    context.env.SITE_URL,
  );
  if (!done) throw data(null, { status: 404 });
  throw redirect(`/console/shares/${params.id}`);
}

export default function ShareDetail() {
  const { share } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <article className="max-w-3xl">
      <Link to="/console/shares" className="text-sm text-violet-200 underline underline-offset-4">
        All shares
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold">{share.memberName}</h1>
      <p className="mt-1 text-sm text-mist-muted">
        {`${share.kind === "share" ? "Reflection" : share.kind === "group-request" ? "Group session request" : "Private message"} · ${share.createdAt}${share.anonymous ? " · anonymous to other members" : ""}`}
      </p>
      <section className="card mt-6">
        <p className="whitespace-pre-wrap break-words">{share.content}</p>
      </section>
      {share.reply ? (
        <section className="card mt-6">
          <h2 className="font-semibold">{`Reply by ${share.repliedByName ?? "a keeper"}, ${share.repliedAt}`}</h2>
          <p className="mt-2 whitespace-pre-wrap break-words">{share.reply}</p>
        </section>
      ) : (
        <Form method="post" className="card mt-6 grid gap-3">
          <FormAlert message={result?.error ?? null} />
          <label htmlFor="reply" className="font-semibold">
            Your reply
          </label>
          <textarea id="reply" name="reply" maxLength={5000} className="field min-h-[140px]" />
          <p className="text-sm text-mist-muted">
            The member gets an email that a reply is waiting; the email holds no content.
          </p>
          <button type="submit" className="btn-gold justify-self-start">
            Send Reply
          </button>
        </Form>
      )}
    </article>
  );
}
