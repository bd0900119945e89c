import { Link, useSearchParams } from "react-router";
import { CrisisResources } from "~/components/care/crisis-resources";
import { FormOutcome } from "~/components/forms/form-outcome";
import { PageAlert } from "~/components/forms/page-alert";
import { FacilitatorCircle } from "~/components/integration/facilitator-circle";
import { IntegrationArchive } from "~/components/integration/integration-archive";
import { IntegrationForm } from "~/components/integration/integration-form";
import { type VisionDraft, VoiceVision } from "~/components/integration/voice-vision";
import { appContext, viewerContext } from "~/context";
import { handleForm, invalid, parse, readSubmission, refused, succeeded, unknownForm } from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import type { FormResult } from "~/forms/forms";
import { donePage, OUTCOME_PARAM } from "~/forms/outcome";
import { formatDateTime, formatWait, parseInstant } from "~/lib/dates";
import { privateMeta } from "~/lib/private-meta";
import { listShareReads } from "~/modules/audit/audit.server";
import { saveInsight } from "~/modules/companion/companion.server";
import { INTEGRATION_MESSAGES } from "~/modules/integration/messages";
import { reflectionPrompts } from "~/modules/integration/prompts.server";
import { attachVision, listSessions, saveSession, sessionPage } from "~/modules/integration/sessions.server";
import { createShare, memberShares } from "~/modules/integration/shares.server";
import { MODES, type Mode, visualPrompt } from "~/modules/integration/tags";
import {
  integrationSessionSchema,
  shareSchema,
  visionSchema,
  visionWordsSchema,
} from "~/modules/integration/validation";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { RATE_LIMITS } from "~/modules/rate-limit/rules";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/integration";
import { conversationSummary } from "./share-summary";

export const meta: Route.MetaFunction = () => privateMeta("Integration Sessions");

export { privateActionHeaders as headers } from "~/lib/http";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const mode: Mode = MODES.find((m) => m.id === url.searchParams.get("mode"))?.id ?? "personal";
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const zone = viewer.timezone;
  // A search looks through the newest sessions (their text is sealed, so it is matched here);
  // without one the archive is a page at a time (`?before=`), however many sessions there are.
  const before = parseInstant(url.searchParams.get("before"));
  const [{ sessions, older }, shares, prompts] = await Promise.all([
    q
      ? listSessions(handles.db, handles.env, viewer.id, q).then((found) => ({ sessions: found, older: null }))
      : sessionPage(handles.db, handles.env, viewer.id, before ?? undefined),
    memberShares(handles.db, handles.env, viewer.id),
    mode === "ai-enhanced" ? reflectionPrompts(handles.db, handles.env, viewer.id) : Promise.resolve([]),
  ]);
  const reads = await listShareReads(
    handles.db,
    shares.map((s) => s.id),
  );
  return {
    mode,
    q,
    older,
    prompts,
    sessions: sessions.map((s) => ({
      id: s.id,
      title: s.title,
      date: formatDateTime(s.createdAt, zone),
      tags: s.tags,
      emotions: s.emotions,
      preview: s.reflection.length > 140 ? `${s.reflection.slice(0, 140)}…` : s.reflection,
      insights: s.insights,
      integrationGoals: s.integrationGoals,
    })),
    // Every time a keeper opened one of the member's shares (DESIGN.md: the member sees staff reads).
    reads: reads.map((r) => ({
      id: r.id,
      text: `${r.actorName ?? "A Temple Keeper"}, ${formatDateTime(r.createdAt, zone)}`,
    })),
    shares: shares.map((s) => conversationSummary(s, zone)),
  };
}

/** Where each success lands without JavaScript: the page says it worked. */
const SHARED = "Shared Successfully: Your reflection has been shared with your trusted facilitator.";
const OUTCOMES = {
  session: "Session Saved: Your integration session has been saved successfully.",
  share: SHARED,
  /** Shared, with words of harm or danger in it: the crisis lines come first. */
  "share-care": SHARED,
  vision: "Vision saved.",
} as const;
const page = (mode?: Mode) => new URLSearchParams(mode ? { mode } : {});
export const DONE = {
  session: donePage("/integration", "session"),
  share: (mode?: Mode, care = false) => donePage("/integration", care ? "share-care" : "share", page(mode)),
  vision: donePage("/integration", "vision", page("voice")),
} as const;

const failureOf = (intent: unknown) =>
  intent === "share" ? INTEGRATION_MESSAGES.shareNotSent : INTEGRATION_MESSAGES.notSaved;

export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const submission = await readSubmission(request);
  const intent = submission.fields.intent;
  // Each of these makes a new record.
  const key = (scope: string) => ({ scope, key: submission.key, ownerId: viewer.id, subject: NEW_RECORD });
  return handleForm(submission, failureOf(intent), handles.logger, async () => {
    switch (intent) {
      case "save-session": {
        const parsed = parse(submission, integrationSessionSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const answer = await once(handles.db, key("integration.session"), async (tx) => {
          const id = await saveSession(tx, handles.env, viewer.id, parsed.data);
          return { redirectTo: DONE.session, data: { id } };
        });
        return succeeded(request, answer);
      }
      case "share": {
        // A new share is words to the keepers, as a message is: one budget for both.
        const limited = await hit(handles.db, RATE_LIMITS.conversation, viewer.id);
        if (!limited.allowed) {
          return refused(submission, INTEGRATION_MESSAGES.tooMany(formatWait(limited.retryAfterSeconds)), 429, {
            retryAfterSeconds: limited.retryAfterSeconds,
            rateLimited: true,
          });
        }
        const parsed = parse(submission, shareSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const { kind, content, anonymous } = parsed.data;
        const answer = await once(handles.db, key("integration.share"), async (tx) => {
          const { urgent } = await createShare(tx, handles.env, viewer.id, {
            kind,
            content,
            anonymous,
          });
          // Words of harm or danger: crisis lines at once, with or without JavaScript.
          // Back to the mode it was sent from (the Facilitated Session panel, or the circle beside another).
          const mode = new URL(request.url).searchParams.get("mode") === "facilitated" ? "facilitated" : undefined;
          const redirectTo = DONE.share(mode, urgent);
          return urgent ? { redirectTo, data: { care: true } } : { redirectTo };
        });
        return succeeded(request, answer);
      }
      case "vision-prompt": {
        // Turning words into a prompt stores nothing: the page answers with the prompt and its image.
        const parsed = parse(submission, visionWordsSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const variant = Number(parsed.data.variant || "0");
        const prompt = visualPrompt(parsed.data.words);
        return { ok: true, data: { words: parsed.data.words, prompt, variant } } satisfies FormResult<VisionDraft>;
      }
      case "save-vision":
      case "attach-vision": {
        const parsed = parse(submission, visionSchema);
        if (!parsed.ok) return invalid(submission, parsed.fieldErrors);
        const { prompt, seed, sessionId } = parsed.data;
        if (intent === "attach-vision") {
          // Attaching a vision to a session sets it to a given one: naturally idempotent, no key needed.
          const attached = await attachVision(handles.db, handles.env, viewer.id, sessionId, { prompt, seed });
          if (!attached) return invalid(submission, { sessionId: "Choose one of your sessions." }, undefined, 404);
          return succeeded(request, { redirectTo: DONE.vision });
        }
        const answer = await once(handles.db, key("integration.vision"), async (tx) => {
          await saveInsight(tx, handles.env, viewer.id, { category: "vision", title: "Vision", content: prompt, seed });
          return { redirectTo: DONE.vision };
        });
        return succeeded(request, answer);
      }
      default:
        return unknownForm(submission);
    }
  });
}

/** No answer (a dropped connection): the form's own notice, the text kept (decision 008). */
export async function clientAction(args: Route.ClientActionArgs) {
  const intent = (await args.request.clone().formData()).get("intent");
  return keepFormOnFailure(args, failureOf(intent));
}

export default function Integration({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, q, older, sessions, shares, reads, prompts } = loaderData;
  const [params] = useSearchParams();
  const answer = actionData;
  // Without JavaScript a form's error comes back as the page's answer: each form takes its own.
  const answerTo = (intent: string) => (answer && !answer.ok && answer.values?.intent === intent ? answer : undefined);
  const modeLink = (id: Mode) => {
    const next = new URLSearchParams(params);
    next.delete(OUTCOME_PARAM);
    next.set("mode", id);
    return `?${next}`;
  };
  return (
    <>
      <header className="py-12 text-center">
        <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Integration Sessions</h1>
        <p className="mx-auto mt-3 max-w-2xl text-mist-muted">
          Meaning arrives slowly after a ceremony. Choose how you would like to work with it today.
        </p>
      </header>
      {params.get(OUTCOME_PARAM) === "share-care" ? (
        <div className="mb-6">
          <CrisisResources />
        </div>
      ) : null}
      <FormOutcome messages={OUTCOMES} className="mb-6" />
      {/* The forms of this mode that show their own refusal; the rest (a vision attached or kept) say it here. */}
      <PageAlert
        result={answer}
        shownBy={[
          "share",
          ...(mode === "personal" ? ["save-session"] : []),
          ...(mode === "voice" ? ["vision-prompt"] : []),
        ]}
      />
      <nav aria-label="Integration modes">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {MODES.map((m) => (
            <li key={m.id}>
              <Link
                to={modeLink(m.id)}
                preventScrollReset
                aria-current={mode === m.id ? "page" : undefined}
                className={`card block h-full p-4 transition ${mode === m.id ? "border-gold" : "hover:border-violet-200/50"}`}
              >
                <span className={`block font-serif text-xl font-semibold ${mode === m.id ? "text-gold" : ""}`}>
                  {m.label}
                </span>
                <span className="mt-1 block text-sm text-mist-muted">{m.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="mode-title" className="card">
          <h2 id="mode-title" className="mb-5 font-serif text-2xl font-semibold">
            {mode === "personal" ? "Integration Journal" : MODES.find((m) => m.id === mode)?.label}
          </h2>
          {mode === "personal" ? <IntegrationForm result={answerTo("save-session")} /> : null}
          {mode === "voice" ? (
            <VoiceVision
              sessions={sessions.map((s) => ({ id: s.id, title: s.title }))}
              result={answer?.ok ? answer : answerTo("vision-prompt")}
            />
          ) : null}
          {mode === "facilitated" ? (
            <>
              <p className="mb-5 text-mist-muted">
                Write to your facilitator: a reflection to share, a request to join a group session, or a private
                message. Replies appear here, and we email you when one arrives (unless you turned that off in
                Settings).
              </p>
              <FacilitatorCircle shares={shares} reads={reads} result={answerTo("share")} />
            </>
          ) : null}
          {mode === "ai-enhanced" ? (
            <>
              <p className="text-mist-muted">
                Prompts drawn from your own recent sessions and journal, by simple rules on our server. Nothing is sent
                to any outside service.
              </p>
              <ul className="mt-4 grid gap-3">
                {prompts.map((p) => (
                  <li key={p} className="rounded-xl border border-violet-300/15 p-4 font-serif text-lg text-gold">
                    {p}
                  </li>
                ))}
              </ul>
              <Link to={modeLink("personal")} className="btn-ghost mt-4">
                Write a reflection
              </Link>
            </>
          ) : null}
        </section>
        <div className="grid content-start gap-6">
          {/* In the Facilitated Session mode the circle is the main panel; elsewhere it stays at hand here. */}
          {mode === "facilitated" ? null : (
            <section aria-labelledby="circle-title" className="card">
              <h2 id="circle-title" className="mb-4 font-serif text-2xl font-semibold">
                Facilitator Circle
              </h2>
              <FacilitatorCircle shares={shares} reads={reads} result={answerTo("share")} />
            </section>
          )}
          <section aria-labelledby="archive-title" className="card">
            <h2 id="archive-title" className="mb-4 font-serif text-2xl font-semibold">
              Sacred Archive
            </h2>
            <IntegrationArchive sessions={sessions} q={q} older={older} />
          </section>
        </div>
      </div>
    </>
  );
}
