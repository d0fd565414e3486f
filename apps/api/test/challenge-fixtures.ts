import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  challengeAttempts,
  challengeSteps,
  challenges,
  stepProgress,
  type ChallengeAttachment,
  type ChallengeLabContent,
  type Db,
} from '@bastion/db';
import type { Access, ChallengeCategory, Difficulty } from '@bastion/contract';

/** One step. Defaults: 10 points, answer `flag{step-N}`, hint cost 3. */
export interface FixtureStep {
  title?: string;
  question?: string;
  answers?: string[];
  answerPatterns?: string[];
  caseSensitive?: boolean;
  answerFormat?: string | null;
  points?: number;
  hint?: string;
  hintCost?: number;
  /** Defaults to none. */
  solution?: string | null;
}

export interface FixtureChallenge {
  title?: string;
  summary?: string;
  description?: string;
  category?: ChallengeCategory;
  difficulty?: Difficulty;
  access?: Access;
  hidden?: boolean;
  attachments?: ChallengeAttachment[];
  lab?: ChallengeLabContent | null;
  /** Defaults to three steps. */
  steps?: FixtureStep[];
}

export interface CreatedStep {
  id: string;
  order: number;
  title: string;
  points: number;
  hint: string;
  hintCost: number;
  answers: string[];
}

export interface CreatedChallenge {
  id: string;
  title: string;
  description: string;
  steps: CreatedStep[];
  /** Sum of the steps' points. */
  points: number;
}

let counter = 0;

/** Inserts a challenge with its steps straight into the database. */
export async function createChallenge(db: Db, spec: FixtureChallenge = {}): Promise<CreatedChallenge> {
  counter += 1;
  const tag = `${counter}-${randomUUID().slice(0, 8)}`;
  const title = spec.title ?? `Challenge ${tag}`;
  const description = spec.description ?? `# ${title}\n\nThe story of the challenge.`;
  const [challenge] = await db
    .insert(challenges)
    .values({
      slug: `challenge-${tag}`,
      source: 'test',
      position: counter,
      title,
      summary: spec.summary ?? 'A challenge made by the tests.',
      description,
      category: spec.category ?? 'web',
      difficulty: spec.difficulty ?? 'easy',
      access: spec.access ?? 'free',
      hidden: spec.hidden ?? false,
      attachments: spec.attachments ?? [],
      lab: spec.lab ?? null,
    })
    .returning({ id: challenges.id });
  const steps: CreatedStep[] = [];
  for (const [index, step] of (spec.steps ?? [{}, {}, {}]).entries()) {
    const order = index + 1;
    const answers = step.answers ?? [`flag{step-${order}}`];
    const values = {
      challengeId: challenge!.id,
      position: order,
      title: step.title ?? `Step ${order}`,
      question: step.question ?? `What is the flag of step ${order}?`,
      answers,
      answerPatterns: step.answerPatterns ?? [],
      caseSensitive: step.caseSensitive ?? false,
      answerFormat: step.answerFormat === undefined ? null : step.answerFormat,
      points: step.points ?? 10,
      hint: step.hint ?? `Hint text for step ${order} (${tag}).`,
      hintCost: step.hintCost ?? 3,
      solution: step.solution ?? null,
    };
    const [row] = await db.insert(challengeSteps).values(values).returning({ id: challengeSteps.id });
    steps.push({
      id: row!.id,
      order,
      title: values.title,
      points: values.points,
      hint: values.hint,
      hintCost: values.hintCost,
      answers,
    });
  }
  return {
    id: challenge!.id,
    title,
    description,
    steps,
    points: steps.reduce((sum, step) => sum + step.points, 0),
  };
}

export async function attemptOf(db: Db, userId: string, challengeId: string) {
  const [row] = await db
    .select()
    .from(challengeAttempts)
    .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.challengeId, challengeId)));
  return row;
}

export async function stepProgressOf(db: Db, userId: string, stepId: string) {
  const [row] = await db
    .select()
    .from(stepProgress)
    .where(and(eq(stepProgress.userId, userId), eq(stepProgress.stepId, stepId)));
  return row;
}
