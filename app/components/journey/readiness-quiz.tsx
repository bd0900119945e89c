import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { FieldError } from "~/components/forms/field";
import { NoticeBox } from "~/components/forms/notice-box";
import { notify } from "~/components/ui/notify";
import { useHydrated } from "~/components/ui/use-hydrated";
import { quizQuestions, type Recommendation } from "~/content/readiness-quiz";
import type { FormResult, Refusal } from "~/forms/forms";
import { useForm } from "~/forms/use-form";
import { QUIZ_MESSAGES } from "~/modules/intake/messages";

/** The schema loads with the quiz's first use, not with the journey page. */
const loadSchema = () => import("~/modules/intake/quiz-validation").then((m) => m.quizSchema);

type QuizResult = FormResult<Recommendation>;

/**
 * The spec's quiz states: question index 0-6, Next needs an answer, Submit on the last, then email, then thank-you.
 * It is one form: without JavaScript every question shows at once and the form posts as it is; the
 * running app shows one question at a time. The thank-you view is the page's address
 * (`?quiz&result=...`), where the post lands without JavaScript.
 */
/** `landed`: the recommendation the page's address names, read by the loader (the texts stay on the server). */
/** `page`: the page's own answer when it was the quiz's, without JavaScript (the Apply form posts there too). */
export function ReadinessQuiz({ landed, page }: { landed?: Recommendation | null; page?: Refusal }) {
  const { pathname } = useLocation();
  const fetcher = useFetcher<QuizResult>();
  const stepped = useHydrated();
  const [index, setIndex] = useState(0);
  const [view, setView] = useState<"question" | "email">("question");
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<Recommendation>({
    id: "quiz",
    result: fetcher.data ?? page,
    schema: loadSchema,
    fetcher,
    onInvalid(errors) {
      const unanswered = quizQuestions.findIndex((q) => errors[q.id]);
      if (errors.email || unanswered < 0) {
        notify("error", QUIZ_MESSAGES.invalidEmail.title, { description: QUIZ_MESSAGES.invalidEmail.description });
        return;
      }
      setIndex(unanswered);
      setView("question");
      notify("error", QUIZ_MESSAGES.answerRequired.title, { description: QUIZ_MESSAGES.answerRequired.description });
    },
    onFailure(failed) {
      const notice = failed.formError ?? QUIZ_MESSAGES.failed;
      notify("error", notice.title, { description: notice.description });
    },
  });
  const shown = (fetcher.data?.ok ? fetcher.data.data : undefined) ?? landed ?? undefined;
  const question = quizQuestions[index];
  const last = index === quizQuestions.length - 1;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  function next() {
    const element = form.props.ref.current;
    if (!question || !element || !new FormData(element).get(question.id)) {
      notify("error", QUIZ_MESSAGES.answerRequired.title, { description: QUIZ_MESSAGES.answerRequired.description });
      return;
    }
    if (last) setView("email");
    else setIndex(index + 1);
  }

  const email = form.field("email");
  // Limits and failures; without JavaScript also which part to mend (the app says it in a toast).
  const notice = form.formError && (!stepped || Object.keys(form.errors).length === 0) ? form.formError : null;

  return (
    <section aria-labelledby="quiz-h" className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <Link to={pathname} className="btn-ghost mb-8">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Journey Options
      </Link>
      <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">Readiness Quiz</p>
      <h1 id="quiz-h" ref={heading} tabIndex={-1} className="mt-3 font-serif text-4xl font-semibold outline-none">
        {shown ? "Thank you for your honesty" : "Are you ready for the journey?"}
      </h1>

      {shown ? (
        <Thanks recommendation={shown} />
      ) : (
        <fetcher.Form method="post" {...form.props}>
          <input {...form.keyField} />
          <input type="hidden" name="intent" value="quiz" />
          {notice ? <NoticeBox notice={notice} className="mt-8" /> : null}
          {quizQuestions.map((q, i) => (
            <div key={q.id} className="card mt-8" hidden={stepped && (view !== "question" || i !== index)}>
              <p className="text-sm text-mist-muted">
                Question {i + 1} of {quizQuestions.length} · {q.topic}
              </p>
              {stepped ? (
                <div
                  className="mt-3 h-1.5 overflow-hidden rounded-full bg-night-800"
                  role="progressbar"
                  aria-label="Quiz progress"
                  aria-valuemin={0}
                  aria-valuemax={quizQuestions.length}
                  aria-valuenow={i + 1}
                >
                  <div className="h-full bg-gold" style={{ width: `${((i + 1) / quizQuestions.length) * 100}%` }} />
                </div>
              ) : null}
              <fieldset
                className="mt-6"
                aria-invalid={form.errors[q.id] ? true : undefined}
                aria-describedby={form.errors[q.id] ? `quiz-${q.id}-error` : undefined}
              >
                <legend className="font-serif text-2xl font-semibold">{q.prompt}</legend>
                <div className="mt-5 grid gap-3">
                  {q.options.map((option) => (
                    <label
                      key={option}
                      className="flex cursor-pointer items-start gap-3 rounded-xl border border-violet-300/20 p-4 hover:border-violet-200 has-[:checked]:border-gold has-[:checked]:bg-gold/10"
                    >
                      <input
                        type="radio"
                        name={q.id}
                        value={option}
                        defaultChecked={form.wasChecked(q.id, option)}
                        // Each radio as well as the group: a screen reader reads a radio on its own.
                        aria-invalid={form.errors[q.id] ? true : undefined}
                        aria-describedby={form.errors[q.id] ? `quiz-${q.id}-error` : undefined}
                        className="mt-1 accent-amber-400"
                      />
                      <span>{option}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <FieldError id={`quiz-${q.id}-error`} className="mt-3" message={form.errors[q.id]} />
              {stepped ? (
                <div className="mt-6 flex justify-between gap-3">
                  <button
                    type="button"
                    className="btn-ghost"
                    disabled={i === 0}
                    onClick={() => setIndex(Math.max(0, i - 1))}
                  >
                    Previous
                  </button>
                  <button type="button" className="btn-gold" onClick={next}>
                    {last ? "Submit" : "Next"}
                  </button>
                </div>
              ) : null}
            </div>
          ))}

          <div className="card mt-8 grid gap-4" hidden={stepped && view !== "email"}>
            <p className="text-mist">
              Where should we send your reflection? We email you the recommendation and nothing else unless you ask.
            </p>
            <label htmlFor={email.id} className="font-medium">
              Email address
            </label>
            <input
              id={email.id}
              name={email.name}
              defaultValue={email.defaultValue}
              // biome-ignore lint/a11y/noAutofocus: only on a page answering this form's error, where the cursor belongs
              autoFocus={email.autoFocus}
              type="email"
              autoComplete="email"
              maxLength={254}
              className="field"
              aria-invalid={email.error ? true : undefined}
              aria-describedby={email.error ? `${email.id}-error` : undefined}
              disabled={form.pending}
            />
            <FieldError id={`${email.id}-error`} className="" message={email.error} />
            <div className="flex flex-wrap justify-between gap-3">
              {stepped ? (
                <button type="button" className="btn-ghost" onClick={() => setView("question")} disabled={form.pending}>
                  Previous
                </button>
              ) : null}
              <button type="submit" className="btn-gold" disabled={form.pending}>
                {form.pending ? "Submitting..." : "See my recommendation"}
              </button>
            </div>
          </div>
        </fetcher.Form>
      )}
    </section>
  );
}

function Thanks({ recommendation }: { recommendation: Recommendation }) {
  return (
    <div className="card mt-8" role="status">
      <p className="text-sm font-semibold tracking-[0.2em] text-gold uppercase">Our gentle recommendation</p>
      <h2 className="mt-3 font-serif text-3xl font-semibold">{recommendation.title}</h2>
      <p className="mt-4 text-mist">{recommendation.message}</p>
      <p className="mt-4 text-sm text-mist-muted">
        This reflection comes from your answers alone; it is not a medical or psychological assessment. We have emailed
        you a copy.
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
  );
}
