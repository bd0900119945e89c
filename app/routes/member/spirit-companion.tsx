import { Trash2 } from "lucide-react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { CompanionChat } from "~/components/companion/companion-chat";
import { DailyPractices } from "~/components/companion/daily-practices";
import { SavedNotice } from "~/components/companion/keep-insight";
import { ReflectionPrompt } from "~/components/companion/reflection-prompt";
import { PageAlert } from "~/components/forms/page-alert";
import { VisionImage } from "~/components/integration/vision-image";
import { DAILY_PRACTICES, INSIGHT_CATEGORIES, type InsightCategory, REFLECTION_PROMPTS } from "~/content/companion";
import { appContext, viewerContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { dayIn, formatDateTime } from "~/lib/dates";
import { serialId } from "~/lib/ids";
import { privateMeta } from "~/lib/private-meta";
import {
  conversation,
  converse,
  deleteInsight,
  keepMessage,
  keepPractice,
  keptSources,
  listInsights,
  messageSource,
  practiceSource,
  practicesDone,
  saveInsight,
  setPracticeDone,
} from "~/modules/companion/companion.server";
import { COMPANION_MESSAGES } from "~/modules/companion/messages";
import {
  companionMessageSchema,
  deleteInsightSchema,
  insightSchema,
  keepMessageSchema,
  keepPracticeSchema,
  practiceSchema,
} from "~/modules/companion/validation";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/spirit-companion";

export { privateActionHeaders as headers } from "~/lib/http";

export const meta: Route.MetaFunction = () => privateMeta("Spirit Companion");

const FILTERS = ["all", ...INSIGHT_CATEGORIES] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const zone = viewer.timezone;
  const today = dayIn(new Date(), zone);
  const filter = new URL(request.url).searchParams.get("insights") ?? "all";
  const category = INSIGHT_CATEGORIES.find((c) => c === filter);
  const [messages, done, saved] = await Promise.all([
    conversation(handles.db, handles.env, viewer.id),
    practicesDone(handles.db, viewer.id, today),
    listInsights(handles.db, handles.env, viewer.id, category),
  ]);
  // Which replies and today's practices are kept already: their buttons show as saved.
  const replies = messages.filter((m) => m.role === "companion").map((m) => m.id);
  const kept = new Set(
    await keptSources(handles.db, viewer.id, [
      ...replies.map(messageSource),
      ...DAILY_PRACTICES.map((p) => practiceSource(today, p.id)),
    ]),
  );
  return {
    messages: messages.map(({ createdAt: _, ...m }) => m),
    keptMessages: replies.filter((id) => kept.has(messageSource(id))),
    done,
    keptPractices: DAILY_PRACTICES.filter((p) => kept.has(practiceSource(today, p.id))).map((p) => p.id),
    // The day's prompt is chosen on the server: the same text on both sides of hydration.
    promptIndex: Number(today.replaceAll("-", "")) % REFLECTION_PROMPTS.length,
    filter: category ?? "all",
    insights: saved.map((i) => ({ ...i, createdAt: formatDateTime(i.createdAt, zone) })),
  };
}

/** Without JavaScript each success lands back on the page, which shows what changed. */
const PAGE = "/spirit-companion";
const failureOf = (intent: unknown) =>
  intent === "message" ? COMPANION_MESSAGES.notSent : COMPANION_MESSAGES.notSaved;
/** Without JavaScript, keeping an insight lands on the page with a notice at its section (`?done=`). */
const SAVED = {
  reflection: "Reflection Saved: Your reflection has been saved to your insights collection.",
  conversation: "Saved as insight: The companion's words are kept in your insights collection.",
  practice: "Kept as a Practice insight: You will find it under Practice in your saved insights.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const intent = submission.fields.intent;
  return handleForm(submission, failureOf(intent), handles.logger, async () => {
    switch (intent) {
      case "message": {
        const limited = await hit(handles.db, RATE_LIMITS.companion, viewer.id);
        if (!limited.allowed) {
          return refused(submission, COMPANION_MESSAGES.tooMany, 429, {
            retryAfterSeconds: limited.retryAfterSeconds,
            rateLimited: true,
          });
        }
        const parsed = parse(submission, companionMessageSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const answer = await once(
          handles.db,
          { scope: "companion.message", key: submission.key, ownerId: viewer.id, subject: NEW_RECORD },
          async (tx) => {
            await converse(tx, handles.env, viewer.id, parsed.data.message);
            return { redirectTo: PAGE };
          },
        );
        return succeeded(request, answer);
      }
      case "save-insight": {
        const parsed = parse(submission, insightSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const answer = await once(
          handles.db,
          { scope: "companion.insight", key: submission.key, ownerId: viewer.id, subject: NEW_RECORD },
          async (tx) => {
            await saveInsight(tx, handles.env, viewer.id, parsed.data);
            return {
              redirectTo: donePage(PAGE, parsed.data.category, undefined, "insights"),
              data: { saved: parsed.data.category },
            };
          },
        );
        return succeeded(request, answer);
      }
      // Kept once per source (a unique index): a double click or a resubmit saves one, no key needed.
      case "keep-message": {
        const parsed = parse(submission, keepMessageSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const messageId = serialId(parsed.data.messageId) ?? 0;
        // Another member's message is answered as one that does not exist.
        if (!(await keepMessage(handles.db, handles.env, viewer.id, messageId))) {
          return refused(submission, COMPANION_MESSAGES.noMessage, 404);
        }
        return succeeded(request, {
          redirectTo: donePage(PAGE, "conversation", undefined, "conversation"),
          data: { kept: messageId },
        });
      }
      case "keep-practice": {
        const parsed = parse(submission, keepPracticeSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const today = dayIn(new Date(), viewer.timezone);
        if (!(await keepPractice(handles.db, handles.env, viewer.id, today, parsed.data.practiceId))) {
          return refused(submission, COMPANION_MESSAGES.notDone, 409);
        }
        return succeeded(request, { redirectTo: donePage(PAGE, "practice", undefined, "practices") });
      }
      case "delete-insight": {
        const parsed = parse(submission, deleteInsightSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        // Deleting is naturally idempotent: no one-time key.
        await deleteInsight(handles.db, viewer.id, serialId(parsed.data.id) ?? 0);
        return succeeded(request, { redirectTo: `${PAGE}#insights` });
      }
      case "practice": {
        const parsed = parse(submission, practiceSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const today = dayIn(new Date(), viewer.timezone);
        // Setting a practice to done or not is naturally idempotent: no one-time key.
        await setPracticeDone(handles.db, viewer.id, today, parsed.data.practiceId, parsed.data.done === "true");
        return succeeded(request, { redirectTo: PAGE });
      }
      default:
        return unknownForm(submission);
    }
  });
}

/** No answer (a dropped connection): the form's notice, what was typed kept (decision 008). */
export async function clientAction(args: Route.ClientActionArgs) {
  const intent = (await args.request.clone().formData()).get("intent");
  return keepFormOnFailure(args, failureOf(intent));
}

export default function SpiritCompanion({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, keptMessages, done, keptPractices, promptIndex, filter, insights } = loaderData;
  const remover = useFetcher();
  const answer = actionData;
  const chatAnswer = answer && !answer.ok && answer.values?.intent === "message" ? answer : undefined;
  const insightAnswer = answer && !answer.ok && answer.values?.intent === "save-insight" ? answer : undefined;
  const [params] = useSearchParams();
  const saved = params.get(OUTCOME_PARAM);
  const filterLink = (f: string) => {
    const next = new URLSearchParams(params);
    if (f === "all") next.delete("insights");
    else next.set("insights", f);
    return `?${next}#insights`;
  };

  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Spirit Companion</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          A quiet place to reflect between ceremonies. The companion is a reflective guide, not a person and not a
          clinician: for anything medical or urgent it will point you to one.
        </p>
      </header>
      {/* The chat and the reflection show their own refusal without JavaScript; the page says the others' here. */}
      <PageAlert result={answer} shownBy={["message", "save-insight"]} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        {saved === "reflection" ? <SavedNotice className="lg:col-span-2">{SAVED.reflection}</SavedNotice> : null}
        <section id="conversation" aria-labelledby="chat-title" className="card scroll-mt-24 self-start">
          <h2 id="chat-title" className="mb-4 font-serif text-2xl font-semibold">
            Conversation
          </h2>
          {saved === "conversation" ? <SavedNotice className="mb-4">{SAVED.conversation}</SavedNotice> : null}
          <CompanionChat messages={messages} kept={keptMessages} page={chatAnswer} />
        </section>
        <div className="grid content-start gap-6">
          <section aria-labelledby="prompt-title" className="card">
            <h2 id="prompt-title" className="mb-4 font-serif text-2xl font-semibold">
              Reflection Prompt
            </h2>
            <ReflectionPrompt initial={promptIndex} page={insightAnswer} />
          </section>
          <DailyPractices done={done} kept={keptPractices} notice={saved === "practice" ? SAVED.practice : undefined} />
        </div>
        <section id="insights" aria-labelledby="insights-title" className="card scroll-mt-24 lg:col-span-2">
          <h2 id="insights-title" className="font-serif text-2xl font-semibold">
            Saved Insights
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Filter insights">
            {FILTERS.map((f) => (
              <li key={f}>
                <Link
                  to={filterLink(f)}
                  preventScrollReset
                  aria-current={filter === f ? "true" : undefined}
                  className={`rounded-full border px-3 py-1 text-sm capitalize ${filter === f ? "border-gold text-gold" : "border-violet-300/30"}`}
                >
                  {f}
                </Link>
              </li>
            ))}
          </ul>
          {insights.length === 0 ? (
            <p className="mt-4 text-mist-muted">
              {filter === "all" ? "No insights saved yet." : `No ${filter as InsightCategory} insights yet.`}
            </p>
          ) : (
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {insights.map((insight) => (
                <li key={insight.id} className="rounded-xl border border-violet-300/15 p-4">
                  <p className="text-xs tracking-wider text-gold uppercase">{`${insight.category} · ${insight.createdAt}`}</p>
                  <h3 className="mt-1 font-semibold break-words">{insight.title}</h3>
                  {insight.seed ? (
                    <div className="mt-2 max-w-60">
                      <VisionImage seed={insight.seed} label={`Vision: ${insight.content.slice(0, 80)}`} />
                    </div>
                  ) : null}
                  <p className="mt-1 whitespace-pre-wrap break-words text-mist-muted">{insight.content}</p>
                  <remover.Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="delete-insight" />
                    <input type="hidden" name="id" value={insight.id} />
                    <button
                      type="submit"
                      className="inline-flex items-center gap-1 text-xs text-rose-200 hover:underline"
                    >
                      <Trash2 aria-hidden size={14} />
                      Remove
                    </button>
                  </remover.Form>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
