import { ArrowLeft } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { notify } from "~/components/ui/notify";
import { quizQuestions, type Recommendation } from "~/content/readiness-quiz";
import type { FormResult } from "~/lib/forms";
import { QUIZ_MESSAGES } from "~/modules/intake/messages";

/** The schema loads with the quiz's first use, not with the journey page. */
const loadSchema = () => import("~/modules/intake/quiz-validation").then((m) => m.quizSchema);

type QuizResult = FormResult<Recommendation>;

/** SPEC.md 4: question index 0-6, Next needs an answer, Submit on the last, then email, then thank-you. */
export function ReadinessQuiz({ onBack }: { onBack: () => void }) {
  const fetcher = useFetcher<QuizResult>();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [view, setView] = useState<"question" | "email" | "thanks">("question");
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [recommendation, setRecommendation] = useState<Recommendation | null>(null);
  // A second click before the answer arrives must not send the quiz twice.
  const submitted = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const emailId = useId();
  const question = quizQuestions[index];
  const last = index === quizQuestions.length - 1;
  const submitting = fetcher.state !== "idle";

  useEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    submitted.current = false;
    if (result.ok && result.data) {
      setRecommendation(result.data);
      setView("thanks");
    } else if (!result.ok) {
      const notice = result.formError ?? QUIZ_MESSAGES.failed;
      if (result.fieldErrors.email) setEmailError(result.fieldErrors.email);
      notify("error", notice.title, { description: notice.description });
    }
  }, [fetcher.state, fetcher.data]);

  function next() {
    if (!question || !answers[question.id]) {
      notify("error", QUIZ_MESSAGES.answerRequired.title, { description: QUIZ_MESSAGES.answerRequired.description });
      return;
    }
    if (last) setView("email");
    else setIndex(index + 1);
  }

  async function submit() {
    if (submitted.current || submitting) return;
    const schema = await loadSchema();
    const input = { email, ...answers };
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setEmailError(QUIZ_MESSAGES.invalidEmail.description);
      notify("error", QUIZ_MESSAGES.invalidEmail.title, { description: QUIZ_MESSAGES.invalidEmail.description });
      return;
    }
    submitted.current = true;
    fetcher.submit({ intent: "quiz", ...input }, { method: "post" });
  }

  return (
    <section aria-labelledby="quiz-h" className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <button type="button" onClick={onBack} className="btn-ghost mb-8">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Journey Options
      </button>
      <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">Readiness Quiz</p>
      <h1 id="quiz-h" ref={heading} tabIndex={-1} className="mt-3 font-serif text-4xl font-semibold outline-none">
        {view === "thanks" ? "Thank you for your honesty" : "Are you ready for the journey?"}
      </h1>

      {view === "question" && question ? (
        <div className="card mt-8">
          <p className="text-sm text-mist-muted">
            Question {index + 1} of {quizQuestions.length} · {question.topic}
          </p>
          <div
            className="mt-3 h-1.5 overflow-hidden rounded-full bg-night-800"
            role="progressbar"
            aria-label="Quiz progress"
            aria-valuemin={0}
            aria-valuemax={quizQuestions.length}
            aria-valuenow={index + 1}
          >
            <div className="h-full bg-gold" style={{ width: `${((index + 1) / quizQuestions.length) * 100}%` }} />
          </div>
          <fieldset className="mt-6">
            <legend className="font-serif text-2xl font-semibold">{question.prompt}</legend>
            <div className="mt-5 grid gap-3">
              {question.options.map((option) => (
                <label
                  key={option}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-violet-300/20 p-4 hover:border-violet-200 has-[:checked]:border-gold has-[:checked]:bg-gold/10"
                >
                  <input
                    type="radio"
                    name={question.id}
                    value={option}
                    checked={answers[question.id] === option}
                    onChange={() => setAnswers({ ...answers, [question.id]: option })}
                    className="mt-1 accent-amber-400"
                  />
                  <span>{option}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-6 flex justify-between gap-3">
            <button
              type="button"
              className="btn-ghost"
              disabled={index === 0}
              onClick={() => setIndex(Math.max(0, index - 1))}
            >
              Previous
            </button>
            <button type="button" className="btn-gold" onClick={next}>
              {last ? "Submit" : "Next"}
            </button>
          </div>
        </div>
      ) : null}

      {view === "email" ? (
        <form
          className="card mt-8 grid gap-4"
          noValidate
          onFocus={() => void loadSchema()}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="text-mist">
            Where should we send your reflection? We email you the recommendation and nothing else unless you ask.
          </p>
          <label htmlFor={emailId} className="font-medium">
            Email address
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            maxLength={254}
            className="field"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(null);
            }}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${emailId}-error` : undefined}
            disabled={submitting}
          />
          {emailError ? (
            <p id={`${emailId}-error`} className="text-sm text-rose-300">
              {emailError}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-between gap-3">
            <button type="button" className="btn-ghost" onClick={() => setView("question")} disabled={submitting}>
              Previous
            </button>
            <button type="submit" className="btn-gold" disabled={submitting}>
              {submitting ? "Submitting..." : "See my recommendation"}
            </button>
          </div>
        </form>
      ) : null}

      {view === "thanks" && recommendation ? (
        <div className="card mt-8" role="status">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">Our gentle recommendation</p>
          <h2 className="mt-3 font-serif text-3xl font-semibold">{recommendation.title}</h2>
          <p className="mt-4 text-mist">{recommendation.message}</p>
          <p className="mt-4 text-sm text-mist-muted">
            This reflection comes from your answers alone; it is not a medical or psychological assessment. We have
            emailed you a copy.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={recommendation.nextStep.href} className="btn-gold">
              {recommendation.nextStep.label}
            </Link>
            <Link to="/start-your-journey" className="btn-ghost">
              Back to Start Your Journey
            </Link>
          </div>
        </div>
      ) : null}
    </section>
  );
}
