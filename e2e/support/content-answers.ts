import { inject } from 'vitest';
import { renderSecretText, secretValues, shippedContent, type Quiz } from '@bastion/content';

/** A quiz's accepted answer for one learner: their own flag where the quiz's lab gives each learner theirs. */
export type QuizAnswers = (quiz: { id: string; title: string }) => string;

/** Accepted answers of the shipped quizzes, found by title, as `learnerId` must give them (what the lessons teach). */
export async function shippedQuizAnswers(learnerId: string): Promise<QuizAnswers> {
  const quizzes = new Map<string, Quiz>();
  for (const course of (await shippedContent()).courses) {
    for (const module of course.modules) {
      for (const item of module.items) if (item.type === 'quiz') quizzes.set(item.title, item);
    }
  }
  const key = inject('labSecretKey');
  return ({ id, title }) => {
    const quiz = quizzes.get(title);
    if (!quiz) throw new Error(`No shipped quiz ${title}`);
    const values = secretValues(key, { learnerId, itemId: id }, quiz.terminal?.secrets ?? {});
    return renderSecretText(quiz.answers[0]!, values);
  };
}

/** The first accepted answer of each step of a shipped challenge, in order. */
export async function shippedChallengeAnswers(slug: string): Promise<string[]> {
  const challenge = (await shippedContent()).challenges.find((c) => c.slug === slug);
  if (!challenge) throw new Error(`No shipped challenge ${slug}`);
  if (challenge.lab?.secrets) throw new Error(`${slug} gives each learner their own answers: use another challenge`);
  return challenge.steps.map((step) => step.answers[0]!);
}
