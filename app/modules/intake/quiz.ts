import { type QuizQuestion, quizQuestions, type Recommendation, recommendations } from "~/content/readiness-quiz";

export type QuizAnswers = Record<QuizQuestion["id"], string>;

/**
 * The recommendation for a complete, valid set of answers. Safety first: anyone in crisis is
 * pointed to care before anything else. Otherwise experience, readiness and practice (0-3 each,
 * the option's position) decide, with the support the person asked for.
 */
export function recommend(answers: QuizAnswers): Recommendation {
  const position = (id: QuizQuestion["id"]) => {
    const question = quizQuestions.find((q) => q.id === id);
    return question ? Math.max(0, question.options.indexOf(answers[id] as never)) : 0;
  };
  if (position("q3") === 3) return recommendations["care-first"];
  const depth = position("q2") + position("q5") + position("q6");
  const wants = position("q4");
  if (depth >= 7 && wants === 3) return recommendations["divine-journey"];
  if (depth >= 4 || wants === 2) return recommendations["subtle-path"];
  return recommendations.preparation;
}
