import type { Db, Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import type { LabSecretsService, SecretItem } from '../integrity/lab-secrets.service.ts';
import { createAnswerFingerprint } from './answer-fingerprint.ts';
import { insertSubmission } from './submissions.repository.ts';

/** A quiz, or a challenge with the number of the step answered. */
export type AnsweredItem = SecretItem & { step?: number };

export interface AnswerLogDeps {
  db: Db;
  clock: Clock;
  /** The server's key (config.labSecretKey): the fingerprints' key is derived from it. */
  key: string;
  labSecrets: LabSecretsService;
}

const columnsOf = (userId: string, item: AnsweredItem, ip: string | null) => ({
  userId,
  itemType: item.type,
  itemId: item.id,
  itemTitle: item.title,
  step: item.step ?? null,
  ip,
});

/**
 * The submissions log's writes: one row per judged answer. The throttles bound them (an answer over budget is not
 * judged), and a right answer is kept only when it solves the item.
 */
export function createAnswerLog({ db, clock, key, labSecrets }: AnswerLogDeps) {
  const fingerprintOf = createAnswerFingerprint(key);

  /** A wrong answer; one that is another learner's secret is also reported as shared (Integrity page, audit log). */
  async function wrong(userId: string, item: AnsweredItem, answer: string, ip: string | null): Promise<void> {
    const sharedOwnerId = await labSecrets.reportShared(userId, item, answer, ip);
    await insertSubmission(db, {
      ...columnsOf(userId, item, ip),
      at: clock.now(),
      correct: false,
      fingerprint: fingerprintOf(item.id, answer),
      sharedOwnerId,
    });
  }

  /** The right answer that solved the item, in the solve's transaction and at its time. */
  async function solved(tx: Executor, userId: string, item: AnsweredItem, ip: string | null, at: Date) {
    await insertSubmission(tx, { ...columnsOf(userId, item, ip), at, correct: true, fingerprint: null });
  }

  return { wrong, solved };
}

export type AnswerLog = ReturnType<typeof createAnswerLog>;
