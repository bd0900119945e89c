import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useSearchParams } from "react-router";
import { CrisisResources } from "~/components/care/crisis-resources";
import { Who5Fields } from "~/components/follow-ups/who5-fields";
import { TextAreaField } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { FormOutcome } from "~/components/forms/form-outcome";
import { appContext, viewerContext } from "~/context";
import {
  FormRefusal,
  handleForm,
  invalid,
  parse,
  readSubmission,
  refused,
  succeeded,
  unknownForm,
} from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { useForm } from "~/forms/use-form";
import { formatDate } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { privateMeta } from "~/lib/private-meta";
import { answerFollowUp, followUpState, memberFollowUp, takesAnswers } from "~/modules/follow-ups/follow-ups.server";
import { FOLLOW_UP_MESSAGES } from "~/modules/follow-ups/messages";
import { type FollowUpInput, followUpSchema, shortCheckInSchema, WHO5_FIELDS } from "~/modules/follow-ups/validation";
import { checkInTitle, FOLLOW_UP_QUESTION, SHORT_QUESTION, WHO5_ITEMS, WHO5_SCALE } from "~/modules/follow-ups/who5";
import { once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/follow-up";

export const meta: Route.MetaFunction = () => privateMeta("Your check-in");

const THANKS = { title: "Thank you", description: FOLLOW_UP_MESSAGES.thanks };
const OUTCOMES = { answered: THANKS, "answered-care": THANKS } as const;
const NOT_SAVED = { title: "Not saved", description: FOLLOW_UP_MESSAGES.notSaved };

/** One of the member's own check-ins (another's is a 404): its questions, or what they answered. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const item = await memberFollowUp(handles.db, handles.env, viewer.id, serialId(params.id) ?? 0);
  if (!item) throw data(null, { status: 404 });
  const zone = viewer.timezone;
  const now = new Date();
  return {
    days: item.days,
    kind: item.kind,
    open: item.dueAt <= now,
    // Two weeks after it was due it takes no answer (follow-ups README, "lapses").
    lapsed: item.dueAt <= now && !takesAnswers(item, now),
    dueOn: formatDate(item.dueAt, zone),
    answeredOn: item.answeredAt ? formatDate(item.answeredAt, zone) : null,
    answers: item.answers,
    percent: item.percent,
  };
}

const notOpen = (state: "early" | "answered-already" | "lapsed") => ({
  title: "Not saved",
  description:
    state === "early"
      ? FOLLOW_UP_MESSAGES.early
      : state === "lapsed"
        ? FOLLOW_UP_MESSAGES.lapsed
        : FOLLOW_UP_MESSAGES.answeredAlready,
});

/** The answers, once per one-time key and once per check-in: a second answer is refused and changes nothing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const id = serialId(params.id) ?? 0;
  return handleForm(submission, NOT_SAVED, handles.logger, async () => {
    switch (submission.fields.intent) {
      case "answer": {
        // Another member's check-in (or none) is a 404 before anything posted is read.
        const { state, kind } = await followUpState(handles.db, viewer.id, id);
        if (state === "missing") throw data(null, { status: 404 });
        const identity = {
          scope: "follow-up.answer",
          key: submission.key,
          ownerId: viewer.id,
          subject: `follow-up:${id}`,
        };
        if (state !== "open") {
          // Not open: a resend of the answer that closed it (its one-time key) gets that answer again;
          // anything else is refused before its answers are read (the page then has no form to mark them on).
          const replayed = await once<{ care?: boolean }>(handles.db, identity, async () => {
            throw new FormRefusal(refused(submission, notOpen(state), 409));
          });
          return succeeded(request, replayed);
        }
        // Five statements from two weeks after the session (their window); before that, words only.
        const parsed = kind === "who5" ? parse(submission, followUpSchema) : parse(submission, shortCheckInSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const points =
          "q1" in parsed.data ? WHO5_FIELDS.map((field) => Number((parsed.data as FollowUpInput)[field])) : [];
        const answers = { points, note: parsed.data.note };
        const answer = await once<{ care?: boolean }>(handles.db, identity, async (tx) => {
          const outcome = await answerFollowUp(tx, handles.env, viewer.id, id, answers);
          if (outcome.kind === "missing") throw data(null, { status: 404 });
          if (outcome.kind !== "answered") throw new FormRefusal(refused(submission, notOpen(outcome.kind), 409));
          // Words of harm or danger: the crisis lines at once, with or without JavaScript.
          const redirectTo = donePage(`/follow-ups/${id}`, outcome.care ? "answered-care" : "answered");
          return outcome.care ? { redirectTo, data: { care: true } } : { redirectTo };
        });
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, NOT_SAVED);

const schemaOf = (kind: "short" | "who5") => () =>
  import("~/modules/follow-ups/validation").then((m) => (kind === "who5" ? m.followUpSchema : m.shortCheckInSchema));

export default function FollowUp({ loaderData, actionData }: Route.ComponentProps) {
  const { days, kind, open, lapsed, dueOn, answeredOn, answers, percent } = loaderData;
  const [params] = useSearchParams();
  const [cared, setCared] = useState(false);
  const form = useForm<{ care?: boolean }>({
    id: "follow-up",
    result: actionData,
    schema: schemaOf(kind),
    onSuccess: (result) => {
      if (result?.care) setCared(true);
    },
  });
  const care = cared || params.get(OUTCOME_PARAM) === "answered-care";
  return (
    <article className="mx-auto max-w-3xl py-10">
      <Link to="/dashboard" className="inline-flex items-center gap-2 text-sm text-violet-200 hover:text-gold">
        <ArrowLeft aria-hidden size={16} />
        Dashboard
      </Link>
      <h1 className="mt-6 font-serif text-4xl font-semibold">{checkInTitle(days)}</h1>
      <p className="mt-3 text-mist-muted">
        {kind === "who5"
          ? "A few minutes, for you: how the last two weeks have been, and one question. Only you see your answers."
          : "A minute, for you: how you are since your session, in your own words. Only you see your answer."}{" "}
        If an answer sounds hard, a Temple Keeper may write to you, without seeing what you wrote. This is spiritual
        care, not treatment, and not an emergency service.
      </p>
      {care ? (
        <div className="mt-6">
          <CrisisResources />
        </div>
      ) : null}
      <FormOutcome messages={OUTCOMES} className="mt-6" answered={Boolean(actionData && !actionData.ok)} />
      {/* Each statement says its own message under it; this says the rest (a refusal, a lost connection),
          above the form, so a refusal after the check-in was answered (no form then) is still said. */}
      <div className="mt-6 empty:hidden">
        <FormAlert message={form.formError?.description ?? null} />
      </div>
      {answers && answeredOn ? (
        <section aria-labelledby="answers-h" className="card mt-6">
          <h2 id="answers-h" className="font-serif text-2xl font-semibold">{`You answered on ${answeredOn}`}</h2>
          {percent !== null ? (
            <>
              <p className="mt-2">
                {`Your wellbeing score: ${percent} of 100. `}
                <span className="text-mist-muted">
                  It is the WHO-5 Wellbeing Index: a sign of how the last two weeks felt, not a diagnosis.
                </span>
              </p>
              <dl className="mt-4 grid gap-2 text-sm">
                {WHO5_ITEMS.map((statement, i) => (
                  <div key={statement}>
                    <dt className="text-mist-muted">{statement}</dt>
                    <dd>{WHO5_SCALE.find((s) => s.points === answers.points[i])?.label}</dd>
                  </div>
                ))}
                <div>
                  <dt className="text-mist-muted">{FOLLOW_UP_QUESTION}</dt>
                  <dd className="whitespace-pre-wrap">{answers.note || "You left this empty."}</dd>
                </div>
              </dl>
            </>
          ) : (
            <dl className="mt-4 grid gap-2 text-sm">
              <div>
                <dt className="text-mist-muted">{SHORT_QUESTION}</dt>
                <dd className="whitespace-pre-wrap">{answers.note}</dd>
              </div>
            </dl>
          )}
          <p className="mt-4">
            <Link to="/dashboard#wellbeing-h" className="text-violet-200 underline underline-offset-4 hover:text-gold">
              Your wellbeing over time
            </Link>
          </p>
        </section>
      ) : !open ? (
        <p className="card mt-6">{`This check-in opens on ${dueOn}. We will email you then.`}</p>
      ) : lapsed ? (
        <p className="card mt-6">{FOLLOW_UP_MESSAGES.lapsed}</p>
      ) : (
        <Form method="post" className="card mt-6 grid gap-6" {...form.props}>
          <input {...form.keyField} />
          <input type="hidden" name="intent" value="answer" />
          {kind === "who5" ? (
            <Who5Fields formId={form.id} errors={form.errors} wasChecked={form.wasChecked} disabled={form.pending} />
          ) : null}
          <TextAreaField
            {...form.field("note")}
            label={kind === "who5" ? FOLLOW_UP_QUESTION : SHORT_QUESTION}
            hint={kind === "who5" ? "Optional. Write as much or as little as you like." : "Only you see it."}
            maxLength={5000}
            className="field min-h-[140px]"
          />
          <button type="submit" className="btn-gold justify-self-start" disabled={form.pending}>
            {form.pending ? "Saving..." : "Save My Check-in"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-sm text-mist-muted">
        You can turn these check-ins off in{" "}
        <Link to="/profile#settings" className="text-violet-200 underline underline-offset-4 hover:text-gold">
          your settings
        </Link>
        .
      </p>
    </article>
  );
}
