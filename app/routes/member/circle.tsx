import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { JoinForm } from "~/components/circles/join-form";
import { FormAlert } from "~/components/forms/form-alert";
import { FormOutcome } from "~/components/forms/form-outcome";
import { appContext, viewerContext } from "~/context";
import { FormRefusal, handleForm, readSubmission, refused, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage } from "~/forms/outcome";
import { formatSlot } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { privateMeta } from "~/lib/private-meta";
import { CIRCLE_MESSAGES } from "~/modules/circles/messages";
import { circleForMember, joinCircle, leaveCircle } from "~/modules/circles/signups.server";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/circle";

export const meta: Route.MetaFunction = () => privateMeta("Integration circle");

const GONE = { title: "Not saved", description: CIRCLE_MESSAGES.gone };

/** A circle as a member sees it: when, what, places left, their own place; the video link only with a place. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const circle = await circleForMember(handles.db, viewer.id, serialId(params.id) ?? 0);
  if (!circle) throw data(null, { status: 404 });
  return {
    circle: {
      ...circle,
      startsAt: undefined,
      when: formatSlot(circle.startsAt, viewer.timezone),
      open: !circle.cancelled && circle.startsAt > new Date(),
    },
  };
}

/** Joining or leaving, once per one-time key: a double click takes one place, and a resend gives up nothing more. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const id = serialId(params.id) ?? 0;
  const here = `/circles/${id}`;
  const change = async (intent: "join" | "leave") => {
    if (!(await circleForMember(handles.db, viewer.id, id))) throw data(null, { status: 404 });
    const identity = { scope: `circle.${intent}`, key: submission.key, ownerId: viewer.id, subject: `circle:${id}` };
    const answer = await once<{ done: keyof typeof CIRCLE_MESSAGES.done }>(handles.db, identity, async (tx) => {
      const outcome =
        intent === "join"
          ? await joinCircle(tx, handles.env, viewer.id, id)
          : await leaveCircle(tx, handles.env, viewer.id, id);
      if (outcome === "missing") throw new FormRefusal(refused(submission, GONE, 409));
      const done = outcome === "attending" ? "joined" : outcome;
      return { redirectTo: donePage(here, done), data: { done } };
    });
    return succeeded(request, answer);
  };
  return handleForm(submission, CIRCLE_MESSAGES.notSaved, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "join":
        return change("join");
      case "leave":
        return change("leave");
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, CIRCLE_MESSAGES.notSaved);

export default function CirclePage({ loaderData, actionData }: Route.ComponentProps) {
  const { circle } = loaderData;
  const status =
    circle.status === "attending"
      ? "You have a place."
      : circle.status === "waitlisted"
        ? "You are on the waitlist. If a place opens, it is yours, and we will email you."
        : null;
  return (
    <article className="mx-auto max-w-3xl py-10">
      <Link to="/calendar#circles-h" className="inline-flex items-center gap-2 text-sm text-violet-200 hover:text-gold">
        <ArrowLeft aria-hidden size={16} />
        Calendar
      </Link>
      <p className="mt-6 text-sm font-semibold tracking-[0.2em] text-gold uppercase">Integration circle</p>
      <h1 className="mt-2 font-serif text-4xl font-semibold">{circle.title}</h1>
      <p className="mt-2 text-mist-muted">{`${circle.when} · ${circle.minutes} minutes · online`}</p>
      <FormOutcome messages={CIRCLE_MESSAGES.done} className="mt-6" answered={Boolean(actionData && !actionData.ok)} />
      <div className="mt-6 empty:hidden">
        <FormAlert message={actionData && !actionData.ok ? (actionData.formError?.description ?? null) : null} />
      </div>
      <p className="mt-6 whitespace-pre-wrap text-mist">{circle.description}</p>
      <section aria-labelledby="place-h" className="card mt-6 grid gap-3">
        <h2 id="place-h" className="font-serif text-2xl font-semibold">
          Your place
        </h2>
        {!circle.open ? (
          <p>{CIRCLE_MESSAGES.gone}</p>
        ) : (
          <>
            <p>
              {status ??
                (circle.placesLeft > 0
                  ? `${circle.placesLeft} ${circle.placesLeft === 1 ? "place" : "places"} left.`
                  : "This circle is full. You can join its waitlist.")}
            </p>
            {circle.videoUrl ? (
              <p>
                The video link:{" "}
                <a
                  href={circle.videoUrl}
                  rel="noreferrer noopener"
                  target="_blank"
                  className="break-all text-violet-200 underline underline-offset-4 hover:text-gold"
                >
                  {circle.videoUrl}
                </a>
              </p>
            ) : null}
            <div>
              <JoinForm circle={circle} result={actionData} />
            </div>
          </>
        )}
        <p className="text-sm text-mist-muted">
          Circles are spiritual care in a group, not therapy. Only the keepers see who comes; please keep what others
          share within the circle.
        </p>
      </section>
    </article>
  );
}
