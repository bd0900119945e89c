import { Sparkles } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, redirect, useSearchParams } from "react-router";
import { PageHero } from "~/components/content/page-hero";
import { PageAlert } from "~/components/forms/page-alert";
import { JourneyOffers } from "~/components/journey/journey-offers";
import { CEREMONIES_PAUSED } from "~/content/ceremonies-paused";
import {
  AGREEMENT_REQUIRED,
  archetypes,
  ceremonialFlow,
  journeyAgreement,
  journeyDisclaimer,
  journeyIntro,
  journeyOffers,
  offerById,
} from "~/content/journey";
import { type Recommendation, type RecommendationKey, recommendations } from "~/content/readiness-quiz";
import { appContext } from "~/context";
import {
  handleForm,
  invalid,
  parse,
  readSubmission,
  refused,
  type Submission,
  succeeded,
  unknownForm,
} from "~/forms/action.server";
import { keepFormOnFailure } from "~/forms/client-action";
import type { AppContext } from "~/handles";
import { formatWait } from "~/lib/dates";
import { publicPageHeaders } from "~/lib/http";
import { seo, siteUrlFrom } from "~/lib/seo";
import { getViewer } from "~/modules/accounts/session.server";
import { applyPathFor } from "~/modules/intake/journey";
import { QUIZ_MESSAGES, quizAddressBusy } from "~/modules/intake/messages";
import { submitQuiz } from "~/modules/intake/quiz.server";
import { quizSchema } from "~/modules/intake/quiz-validation";
import { hitAddress } from "~/modules/rate-limit/address-budget.server";
import { hit } from "~/modules/rate-limit/rate-limit.server";
import { ADDRESS_BUDGETS, RATE_LIMITS } from "~/modules/rate-limit/rules";
import { NEW_RECORD, once } from "~/modules/submissions/once.server";
import type { Route } from "./+types/start-your-journey";

/** The quiz replaces the page only when asked for (?quiz): its code comes then, not with the page. */
const ReadinessQuiz = lazy(() =>
  import("~/components/journey/readiness-quiz").then((m) => ({ default: m.ReadinessQuiz })),
);

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Start Your Journey",
    description:
      "How a guided ceremony is held, the readiness quiz, and the three paths: a Preparation Session, the Subtle Path mentorship and the Divine Journey.",
    keywords: ["start your journey", "readiness quiz", "preparation session", "mentorship", "guided ceremony"],
    path: "/start-your-journey",
    image: "invitation",
  });

/** Where a finished quiz lands: the thank-you view with its recommendation, also without JavaScript. */
const resultPage = (key: RecommendationKey) => `/start-your-journey?quiz&result=${key}`;

const UNKNOWN_OFFER = "That offering is not on this page any more. Please choose one of the offerings below.";

/** Two forms post here: the readiness quiz (intent "quiz") and Apply without JavaScript ("apply"). */
export async function action({ request, context }: Route.ActionArgs) {
  const handles = context.get(appContext);
  const submission = await readSubmission(request);
  switch (submission.fields.intent) {
    case "apply":
      if (submission.fields.agreement !== "on") return invalid(submission, { agreement: AGREEMENT_REQUIRED });
      // Only a forged or stale page names an offer we do not have: said, not quietly sent back here.
      if (!offerById(submission.fields.offer ?? "")) return invalid(submission, { offer: UNKNOWN_OFFER });
      throw redirect(applyPathFor(submission.fields.offer ?? ""));
    case "quiz":
      return answerQuiz(request, handles, submission);
    default:
      return unknownForm(submission);
  }
}

/** The readiness quiz: rate-limited, stored once per key, answered with its recommendation. */
async function answerQuiz(request: Request, handles: AppContext, submission: Submission) {
  return handleForm(submission, QUIZ_MESSAGES.failed, handles.logger, async () => {
    const byIp = await hit(handles.db, RATE_LIMITS.quizIp, handles.clientIp);
    if (!byIp.allowed) return tooMany(submission, byIp.retryAfterSeconds);
    const parsed = parse(submission, quizSchema);
    if (!parsed.ok) {
      const notice = parsed.fieldErrors.email ? QUIZ_MESSAGES.invalidEmail : QUIZ_MESSAGES.answerRequired;
      return invalid(submission, parsed.fieldErrors, notice);
    }
    const viewer = await getViewer(request, handles);
    const proven = Boolean(viewer?.emailVerified && viewer.email === parsed.data.email);
    const byEmail = await hitAddress(handles.db, ADDRESS_BUDGETS.quiz, parsed.data.email, handles.clientIp, { proven });
    if (!byEmail.allowed) {
      const { retryAfterSeconds } = byEmail;
      if (byEmail.by === "own") return tooMany(submission, retryAfterSeconds);
      const busy = quizAddressBusy(formatWait(retryAfterSeconds));
      return refused(submission, busy, 429, { retryAfterSeconds, rateLimited: true });
    }
    const answer = await once(
      handles.db,
      { scope: "quiz", key: submission.key, ownerId: viewer?.id, subject: NEW_RECORD },
      async (tx) => {
        const recommendation = await submitQuiz(tx, parsed.data, {
          userAgent: request.headers.get("user-agent"),
          userId: viewer?.id ?? null,
          siteUrl: handles.env.SITE_URL,
        });
        return { redirectTo: resultPage(recommendation.key), data: recommendation };
      },
    );
    return succeeded<Recommendation>(request, answer as typeof answer & { data: Recommendation });
  });
}

const tooMany = (submission: Submission, retryAfterSeconds: number) =>
  refused(submission, QUIZ_MESSAGES.tooMany, 429, { retryAfterSeconds, rateLimited: true });

/** The spec's quiz notice "Submission failed" when the quiz's answer never came; the answers stay chosen. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args, QUIZ_MESSAGES.failed);

/** The recommendation a finished quiz's address names (`?result=`); anything else is no result. */
export function loader({ request }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("result");
  return {
    landed: key && Object.hasOwn(recommendations, key) ? recommendations[key as RecommendationKey] : null,
    // The page's reading text travels as data, not as JavaScript every visitor must download and parse.
    text: {
      journeyIntro,
      ceremonialFlow,
      archetypes,
      offers: journeyOffers,
      agreement: journeyAgreement,
      disclaimer: journeyDisclaimer,
      paused: CEREMONIES_PAUSED,
    },
  };
}

export default function StartYourJourney({ loaderData, actionData }: Route.ComponentProps) {
  const { landed, text } = loaderData;
  const { journeyIntro, ceremonialFlow, archetypes } = text;
  const [params] = useSearchParams();
  const result = actionData;
  // The page's answer may be the quiz's (without JavaScript); only Apply's is the agreement's.
  const applyError =
    result && !result.ok && result.values?.intent === "apply"
      ? (result.fieldErrors.agreement ?? result.fieldErrors.offer ?? null)
      : null;

  // The quiz replaces the page (the spec's journey page); ?quiz keeps it across reloads and the back button, and
  // the quiz's own answer (without JavaScript) shows it too.
  const quizAnswer = result && !result.ok && result.values?.intent === "quiz" ? result : undefined;
  if (params.has("quiz") || quizAnswer) {
    return (
      <Suspense fallback={null}>
        <ReadinessQuiz landed={landed} page={quizAnswer} />
      </Suspense>
    );
  }

  const { hero, sacredSpace, guidedCeremony, quizCard } = journeyIntro;
  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 sm:px-6">
      <PageHero eyebrow={hero.eyebrow} title={hero.title}>
        {hero.text}
      </PageHero>
      <PageAlert result={result} shownBy={["apply", "quiz"]} />

      <div className="grid gap-6 md:grid-cols-2">
        {[sacredSpace, guidedCeremony].map((block, i) => (
          <section key={block.title} className="card" aria-labelledby={`intro-${i}`}>
            <h2 id={`intro-${i}`} className="font-serif text-3xl font-semibold">
              {block.title}
            </h2>
            {block.paragraphs.map((p) => (
              <p key={p.slice(0, 24)} className="mt-4 text-mist-muted">
                {p}
              </p>
            ))}
          </section>
        ))}
      </div>

      <section aria-labelledby="flow-h" className="mt-20">
        <h2 id="flow-h" className="text-center font-serif text-4xl font-semibold">
          The Ceremonial Flow
        </h2>
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {ceremonialFlow.map((step, i) => (
            <li key={step.title} className="card">
              <p className="font-serif text-3xl text-gold" aria-hidden="true">
                {i + 1}
              </p>
              <h3 className="mt-2 font-serif text-xl font-semibold">{step.title}</h3>
              <p className="mt-3 text-sm text-mist-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="archetypes-h" className="mt-20">
        <h2 id="archetypes-h" className="text-center font-serif text-4xl font-semibold">
          Which seeker are you?
        </h2>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {archetypes.map((a) => (
            <li key={a.title} className="card">
              <h3 className="font-serif text-2xl font-semibold">{a.title}</h3>
              <p className="mt-3 text-mist-muted">{a.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quiz-card-h" className="card mt-20 text-center">
        <Sparkles aria-hidden="true" className="mx-auto h-8 w-8 text-gold" />
        <h2 id="quiz-card-h" className="mt-3 font-serif text-3xl font-semibold">
          {quizCard.title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-mist-muted">{quizCard.text}</p>
        <Link to="?quiz" className="btn-gold mt-6">
          {quizCard.action}
        </Link>
      </section>

      <section aria-labelledby="offers-h" className="mt-20">
        <h2 id="offers-h" className="text-center font-serif text-4xl font-semibold">
          Choose Your Path
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-mist-muted">{text.paused}</p>
        <div className="mt-10">
          <JourneyOffers
            serverError={applyError}
            offers={text.offers}
            agreement={text.agreement}
            disclaimer={text.disclaimer}
          />
        </div>
      </section>
    </div>
  );
}
