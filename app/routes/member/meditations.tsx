import fs from "node:fs";
import path from "node:path";
import { FormOutcome } from "~/components/forms/form-outcome";
import { PageAlert } from "~/components/forms/page-alert";
import { MeditationPlayer } from "~/components/practice/meditation-player";
import { MEDITATION_SECTIONS } from "~/content/meditations";
import { appContext, viewerContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, succeeded } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage } from "~/forms/outcome";
import { plural } from "~/lib/plural";
import { privateMeta } from "~/lib/private-meta";
import { PRACTICE_MESSAGES } from "~/modules/practice/messages";
import { recordSit, sitSummary } from "~/modules/practice/practice.server";
import { sitSchema } from "~/modules/practice/validation";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/meditations";

export const meta: Route.MetaFunction = () => privateMeta("Guided Meditations");

/** A recording is used only when the file is really there (public/meditations/...). */
const recordings = new Map<string, boolean>();
function hasRecording(src: string): boolean {
  let found = recordings.get(src);
  if (found === undefined) {
    found = ["build/client", "public"].some((dir) => fs.existsSync(path.join(dir, src)));
    recordings.set(src, found);
  }
  return found;
}

export async function loader({ context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const summary = await sitSummary(handles.db, viewer.id);
  const audio = Object.fromEntries(
    MEDITATION_SECTIONS.flatMap((s) => s.items).map((m) => [m.id, hasRecording(m.audioSrc)]),
  );
  return { sits: summary.counts, audio };
}

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  return handleForm(submission, PRACTICE_MESSAGES.sitNotSaved, handles.logger, async () => {
    const parsed = parse(submission, sitSchema);
    if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
    const { meditationId, seconds } = parsed.data;
    // The player sends a key per sit: a retried post is counted once.
    const answer = await once(
      handles.db,
      { scope: "meditation.sit", key: submission.key, ownerId: viewer.id, subject: NEW_RECORD },
      async (tx) => {
        await recordSit(tx, viewer.id, meditationId, Number(seconds));
        return { redirectTo: donePage("/meditations", "completed") };
      },
    );
    return succeeded(request, answer);
  });
}

export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, PRACTICE_MESSAGES.sitNotSaved);

/** What the page says when a sit was recorded without JavaScript (app/forms/outcome.ts). */
const OUTCOMES = { completed: "Your sit is recorded." } as const;

export default function Meditations({ loaderData, actionData }: Route.ComponentProps) {
  const { sits, audio } = loaderData;
  const result = actionData;
  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Guided Meditations</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          Find a quiet place, sit or lie comfortably, and press Begin. A bell opens and closes each practice; short
          guidance appears as you go.
        </p>
        <noscript>
          <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
            Without JavaScript the timer and bell cannot run: read a practice's guidance at your own pace, sit for as
            long as it asks, then record your sit.
          </p>
        </noscript>
      </header>
      {/* A sit is recorded by the timer's own form, which has nowhere to say a refusal: the page says it. */}
      <PageAlert result={result} />
      <FormOutcome messages={OUTCOMES} className="mb-8" />
      <div className="grid gap-10">
        {MEDITATION_SECTIONS.map((section) => (
          <section key={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="font-serif text-3xl font-semibold">
              {section.title}
            </h2>
            <p className="mt-1 text-mist-muted">{section.intro}</p>
            <ul className="mt-5 grid gap-5 md:grid-cols-2">
              {section.items.map((meditation) => (
                <li key={meditation.id} className="card">
                  <div className="flex items-baseline justify-between gap-3">
                    <h3 className="font-serif text-2xl font-semibold">{meditation.title}</h3>
                    <span className="shrink-0 text-sm text-gold">
                      {meditation.minutes === null ? "Flexible" : `${meditation.minutes} minutes`}
                    </span>
                  </div>
                  <p className="mt-2 text-mist-muted">{meditation.description}</p>
                  {sits[meditation.id] ? (
                    <p className="mt-2 text-sm text-violet-200">
                      {`You have completed this practice ${plural(sits[meditation.id] ?? 0, "time")}.`}
                    </p>
                  ) : null}
                  <MeditationPlayer meditation={meditation} hasAudio={audio[meditation.id] ?? false} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
