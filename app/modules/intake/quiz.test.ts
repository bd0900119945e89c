import { describe, expect, it } from "vitest";
import { quizQuestions } from "~/content/readiness-quiz";
import { type QuizAnswers, recommend } from "./quiz";

/** Answers by option position (0-3) per question, q1..q7. */
const answers = (...positions: number[]) =>
  Object.fromEntries(quizQuestions.map((q, i) => [q.id, q.options[positions[i] ?? 0]])) as QuizAnswers;

describe("the readiness quiz's recommendation", () => {
  it("has seven questions of four distinct options", () => {
    expect(quizQuestions).toHaveLength(7);
    for (const q of quizQuestions) expect(new Set(q.options).size).toBe(4);
  });

  it("points anyone in crisis to care first, whatever else they answered", () => {
    expect(recommend(answers(0, 3, 3, 3, 3, 3, 0)).key).toBe("care-first");
  });

  it("suggests a preparation session to newcomers", () => {
    expect(recommend(answers(0, 0, 0, 1, 0, 0, 0)).key).toBe("preparation");
  });

  it("suggests the Subtle Path to practised seekers, or to those asking for companionship", () => {
    expect(recommend(answers(2, 1, 0, 1, 2, 2, 0)).key).toBe("subtle-path");
    expect(recommend(answers(0, 0, 0, 2, 0, 0, 0)).key).toBe("subtle-path");
  });

  it("suggests applying for the ceremony only with experience, readiness, practice and the wish for it", () => {
    expect(recommend(answers(2, 3, 0, 3, 2, 3, 3)).key).toBe("divine-journey");
    expect(recommend(answers(2, 3, 0, 1, 2, 3, 3)).key).toBe("subtle-path");
  });
});
