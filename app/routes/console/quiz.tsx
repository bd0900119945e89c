import { Download } from "lucide-react";
import { useSearchParams } from "react-router";
import { EmailSearch } from "~/components/console/email-search";
import { OlderLink } from "~/components/console/older-link";
import { StatusFilter } from "~/components/console/status-filter";
import { quizQuestions, recommendations } from "~/content/readiness-quiz";
import { appContext, viewerContext } from "~/context";
import { formatDateTime } from "~/lib/dates";
import { beforeCursor } from "~/lib/ids";
import { listQuizSubmissions, QUIZ_PAGE_SIZE } from "~/modules/intake/quiz.server";
import { quizFilterFrom } from "~/modules/intake/quiz-filter";
import type { Route } from "./+types/quiz";

export async function loader({ request, context }: Route.LoaderArgs) {
  const handles = context.get(appContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const before = beforeCursor(url);
  const zone = viewer.timezone;
  const rows = await listQuizSubmissions(handles.db, { ...quizFilterFrom(url), before });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      email: r.email,
      recommendation: recommendations[r.recommendation as keyof typeof recommendations]?.title ?? r.recommendation,
      answers: quizQuestions.map((q) => ({ topic: q.topic, answer: r.answers[q.id] ?? "" })),
      createdAt: formatDateTime(r.createdAt, zone),
    })),
    next: rows.length === QUIZ_PAGE_SIZE ? (rows.at(-1)?.id ?? null) : null,
  };
}

export default function QuizSubmissions({ loaderData }: Route.ComponentProps) {
  const { rows, next } = loaderData;
  const [params] = useSearchParams();
  const csvParams = new URLSearchParams(params);
  csvParams.delete("before");
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Readiness quiz</h1>
        <a href={`/console/quiz.csv?${csvParams}`} className="btn-ghost" download>
          <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
        </a>
      </div>
      <StatusFilter
        param="recommendation"
        label="Filter by recommendation"
        values={Object.values(recommendations).map((r) => ({ value: r.key, label: r.title }))}
      />
      <EmailSearch keep="recommendation" />
      {rows.length === 0 ? (
        <p className="mt-8 text-mist-muted">No quiz submissions here.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {rows.map((row) => (
            <li key={row.id} className="card">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-4 gap-y-1">
                  <span className="font-semibold break-all">{row.email}</span>
                  <span className="text-gold">{row.recommendation}</span>
                  <span className="text-sm text-mist-muted">{row.createdAt}</span>
                </summary>
                <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
                  {row.answers.map((a) => (
                    <div key={a.topic}>
                      <dt className="text-mist-muted">{a.topic}</dt>
                      <dd>{a.answer}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
      <OlderLink value={next} />
    </>
  );
}
