import { z } from "zod/mini";
import { quizQuestions } from "~/content/readiness-quiz";
import { EMAIL_PATTERN } from "~/lib/email";
import { QUIZ_MESSAGES } from "./messages";

/** One of the question's four options, exactly; anything else is refused (never silently dropped). */
const answer = (options: ReadonlyArray<string>) =>
  z.string().check(z.refine((v) => options.includes(v), QUIZ_MESSAGES.option));

/** The spec's quiz rules: email non-empty, no spaces, @ and a dot, at most 254; every answer among its options. */
export const quizSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.maxLength(254, QUIZ_MESSAGES.invalidEmail.description),
      z.regex(EMAIL_PATTERN, QUIZ_MESSAGES.invalidEmail.description),
      z.toLowerCase(),
    ),
  q1: answer(quizQuestions[0]?.options ?? []),
  q2: answer(quizQuestions[1]?.options ?? []),
  q3: answer(quizQuestions[2]?.options ?? []),
  q4: answer(quizQuestions[3]?.options ?? []),
  q5: answer(quizQuestions[4]?.options ?? []),
  q6: answer(quizQuestions[5]?.options ?? []),
  q7: answer(quizQuestions[6]?.options ?? []),
});
export type QuizInput = z.infer<typeof quizSchema>;
