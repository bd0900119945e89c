import { and, desc, eq, ilike, lt } from "drizzle-orm";
import { quizQuestions, type RecommendationKey } from "~/content/readiness-quiz";
import { containsPattern } from "~/lib/like";
import type { Db } from "../../../db/client";
import { enqueue } from "../mail/outbox.server";
import { renderMail } from "../mail/templates";
import { type QuizAnswers, recommend } from "./quiz";
import type { QuizInput } from "./quiz-validation";
import { quizSubmissions } from "./schema";

export const QUIZ_PAGE_SIZE = 50;

/** Stores the answers (with the account, when signed in) and emails the recommendation, together or not at all. */
export async function submitQuiz(
  db: Db,
  input: QuizInput,
  context: { userAgent: string | null; userId: string | null; siteUrl: string },
) {
  const { userAgent, userId, siteUrl } = context;
  const { email, ...answers } = input;
  const recommendation = recommend(answers as QuizAnswers);
  await db.transaction(async (tx) => {
    await tx.insert(quizSubmissions).values({
      userId,
      email,
      answers,
      recommendation: recommendation.key,
      userAgent: userAgent ? userAgent.slice(0, 100) : null,
    });
    await enqueue(tx, {
      kind: "quiz.recommendation",
      to: email,
      subject: `Your readiness reflection: ${recommendation.title}`,
      ...renderMail({
        heading: recommendation.title,
        paragraphs: [
          recommendation.message,
          "This reflection comes from your answers alone. It is not a medical or psychological assessment, and a Temple Keeper will always talk with you before anything more.",
        ],
        action: { label: recommendation.nextStep.label, url: new URL(recommendation.nextStep.href, siteUrl).href },
        footer: "You receive this because this address was entered in our readiness quiz.",
      }),
    });
  });
  return recommendation;
}

export function listQuizSubmissions(
  db: Db,
  options: { recommendation?: RecommendationKey; email?: string; before?: number; limit?: number },
) {
  return db
    .select()
    .from(quizSubmissions)
    .where(
      and(
        options.recommendation ? eq(quizSubmissions.recommendation, options.recommendation) : undefined,
        options.email ? ilike(quizSubmissions.email, containsPattern(options.email)) : undefined,
        options.before ? lt(quizSubmissions.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(quizSubmissions.id))
    .limit(options.limit ?? QUIZ_PAGE_SIZE);
}

/** Every submission matching the filter, newest first, as CSV rows (lib/csv writes them); read in pages so memory stays flat. */
export async function* quizCsv(db: Db, filter: { recommendation?: RecommendationKey; email?: string }) {
  yield ["submitted", "email", "recommendation", ...quizQuestions.map((q) => q.topic.toLowerCase())];
  let before: number | undefined;
  for (;;) {
    const rows = await listQuizSubmissions(db, { ...filter, before, limit: 500 });
    for (const row of rows) {
      const cells = [
        row.createdAt.toISOString(),
        row.email,
        row.recommendation,
        ...quizQuestions.map((q) => row.answers[q.id] ?? ""),
      ];
      yield cells;
    }
    if (rows.length < 500) return;
    before = rows.at(-1)?.id;
  }
}
