import { createHash } from 'node:crypto';
import {
  QUICK_SOLVE_SECONDS,
  type Paged,
  type PageQuery,
  type QuickSolver,
  type LabContent,
  type SharedAnswer,
} from '@bastion/contract';
import { renderSecrets, secretValues, type LabSecrets } from '@bastion/content';
import type { Db, Executor } from '@bastion/db';
import type { LabSetup } from '@bastion/labs';
import type { Clock } from '../../lib/clock.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { normalizeAnswer } from '../../lib/answer-check.ts';
import { sealForLearner } from './lab-seal.ts';
import * as repo from './lab-secrets.repository.ts';

/** A quiz or a challenge whose lab declares secrets. */
export interface SecretItem {
  type: 'quiz' | 'challenge';
  id: string;
  title: string;
  secrets: LabSecrets;
}

export interface LabSecretsDeps {
  db: Db;
  clock: Clock;
  /** The server's key (config.labSecretKey). */
  key: string;
}

/** As answers are compared, whatever the item's case rule: a value differing only in case is still the same one. */
const digestOf = (value: string) => createHash('sha256').update(normalizeAnswer(value, false)).digest('hex');

/**
 * Each learner's own lab secrets (decision 0197): derived from the server's key, handed out with the lab and
 * recorded by digest, so that a wrong answer which is another learner's value names whose it was.
 */
export function createLabSecrets({ db, clock, key }: LabSecretsDeps) {
  /** The learner's values of the item's secrets: the same at every call. */
  const valuesOf = (userId: string, item: SecretItem): Record<string, string> =>
    secretValues(key, { learnerId: userId, itemId: item.id }, item.secrets);

  /** `value` (an answer, an explanation, a write-up) with the learner's own secrets where the content names them. */
  const render = <T>(value: T, userId: string, item: SecretItem): T =>
    Object.keys(item.secrets).length === 0 ? value : renderSecrets(value, valuesOf(userId, item));

  /**
   * The learner opens the item's lab: the time is kept (a solve is weighed against it), and the values the lab
   * holds are recorded as handed out to them.
   */
  async function open(
    userId: string,
    item: Pick<SecretItem, 'id'> & Partial<SecretItem>,
  ): Promise<Record<string, string>> {
    const now = clock.now();
    await repo.touchLabOpen(db, userId, item.id, now);
    if (!item.secrets || Object.keys(item.secrets).length === 0) return {};
    const values = valuesOf(userId, item as SecretItem);
    await repo.recordIssued(
      db,
      Object.entries(values).map(([name, value]) => ({ itemId: item.id, userId, name, digest: digestOf(value) })),
    );
    return values;
  }

  /**
   * Whose secret of the same item a wrong answer is, if another learner's: then it is recorded for the operator
   * (the shared answers list, and the audit log). The caller refuses it as it refuses any wrong answer.
   */
  async function reportShared(userId: string, item: SecretItem, given: string, ip: string | null) {
    if (Object.keys(item.secrets).length === 0) return null;
    const owner = await repo.findOtherOwner(db, item.id, digestOf(given), userId);
    if (!owner) return null;
    const now = clock.now();
    const username = (await repo.usernameOf(db, userId)) ?? userId;
    await repo.insertShared(db, {
      at: now,
      userId,
      ownerId: owner.userId,
      itemType: item.type,
      itemId: item.id,
      itemTitle: item.title,
      secretName: owner.name,
    });
    await recordAudit(
      db,
      { id: userId, name: username, via: 'learner', ip },
      {
        action: 'answer.shared',
        target: { type: item.type, id: item.id, label: item.title },
        after: { owner_id: owner.userId, secret: owner.name },
      },
      now,
    );
    return owner.userId;
  }

  async function listShared(query: PageQuery, url: string): Promise<Paged<SharedAnswer>> {
    const [rows, total] = await Promise.all([repo.listShared(db, pageWindow(query)), repo.countShared(db)]);
    const results = rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      item: { type: row.itemType as SharedAnswer['item']['type'], id: row.itemId, title: row.itemTitle },
      secret: row.secretName,
      learner: { id: row.userId, username: row.username },
      owner: { id: row.ownerId, username: row.ownerUsername },
    }));
    return pagedResponse(results, total, query, url);
  }

  /**
   * Weighs a new solve of a lab item (in the solve's transaction): with no lab ever opened, or within
   * QUICK_SOLVE_SECONDS of the first opening, it is recorded as a quick solve for the operator.
   */
  async function weighSolve(executor: Executor, userId: string, item: Omit<SecretItem, 'secrets'>, solvedAt: Date) {
    const opened = await repo.firstOpen(executor, userId, item.id);
    if (opened && solvedAt.getTime() - opened.getTime() >= QUICK_SOLVE_SECONDS * 1000) return;
    await repo.insertQuickSolve(executor, {
      userId,
      itemType: item.type,
      itemId: item.id,
      itemTitle: item.title,
      solvedAt,
      labOpenedAt: opened,
    });
  }

  async function listQuickSolvers(query: PageQuery, url: string): Promise<Paged<QuickSolver>> {
    const [rows, total] = await Promise.all([repo.listQuickSolvers(db, pageWindow(query)), repo.countQuickSolvers(db)]);
    const results = rows.map((row) => ({
      learner: { id: row.user_id, username: row.username },
      solves: Number(row.solves),
      without_lab: Number(row.without_lab),
      first_at: new Date(row.first_at).toISOString(),
      last_at: new Date(row.last_at).toISOString(),
      items: row.items,
    }));
    return pagedResponse(results, total, query, url);
  }

  /** The learner's lab as they receive it: what its user may not read is sealed (docs/labs.md, "What a lab hides"). */
  const seal = <T extends LabContent>(content: T, spec: LabSetup, userId: string, item: SecretItem): T =>
    sealForLearner(content, spec, key, { userId, itemId: item.id, secrets: Object.values(valuesOf(userId, item)) });

  return { valuesOf, render, open, seal, reportShared, listShared, weighSolve, listQuickSolvers };
}

export type LabSecretsService = ReturnType<typeof createLabSecrets>;
