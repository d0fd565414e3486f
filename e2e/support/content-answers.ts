import { shippedContent } from '@bastion/content';

/** Accepted answers of the shipped quizzes, by quiz title: what a learner reads in the lessons. */
export async function shippedQuizAnswers(): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const course of (await shippedContent()).courses) {
    for (const module of course.modules) {
      for (const item of module.items) if (item.type === 'quiz') answers.set(item.title, item.answers[0]!);
    }
  }
  return answers;
}

/** The first accepted answer of each step of a shipped challenge, in order. */
export async function shippedChallengeAnswers(slug: string): Promise<string[]> {
  const challenge = (await shippedContent()).challenges.find((c) => c.slug === slug);
  if (!challenge) throw new Error(`No shipped challenge ${slug}`);
  return challenge.steps.map((step) => step.answers[0]!);
}
