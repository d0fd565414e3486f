import {
  LAB_HEALTH_LIMITS,
  LAB_HEALTH_MESSAGES,
  type LabHealth,
  type LabHealthLab,
  type LabHealthQuery,
  type LabStartReport,
} from '@bastion/contract';
import type { Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { dayRange } from '../../lib/day-range.ts';
import type { ObserveLabStart } from './lab-start.metrics.ts';
import * as repo from './lab-health.repository.ts';

const DAY_MS = 86_400_000;
/** Reports past their keeping are deleted at most this often per instance, as reports arrive. */
const PRUNE_EVERY_MS = 3_600_000;

interface LabStartRecorderDeps {
  db: Executor;
  clock: Clock;
  observe: ObserveLabStart;
}

/** Keeps the lab starts learners' browsers report, and deletes them once past their keeping. */
export function createLabStartRecorder({ db, clock, observe }: LabStartRecorderDeps) {
  let prunedAt = 0;

  /** Records a start the learner's browser reported, for a lab the content has. */
  async function record(userId: string, report: Required<LabStartReport>): Promise<void> {
    if (!(await repo.labExists(db, report.item_type, report.item_id))) {
      throw new ValidationFailed({ item_id: [LAB_HEALTH_MESSAGES.unknownLab] });
    }
    const now = clock.now();
    await repo.insertLabStart(db, {
      at: now,
      userId,
      itemType: report.item_type,
      itemId: report.item_id,
      kind: report.kind,
      outcome: report.outcome,
      durationMs: report.duration_ms,
      stage: report.stage,
      reason: report.reason,
      browser: report.browser,
    });
    observe(report);
    if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      await repo.pruneLabStarts(db, new Date(now.getTime() - LAB_HEALTH_LIMITS.keptDays * DAY_MS));
    }
  }

  return { record };
}

/** The console's figures: the period's starts per day, kind, browser and lab, its slowest and most failing labs. */
export async function labHealthFigures(db: Executor, now: Date, query: LabHealthQuery): Promise<LabHealth> {
  const range = { ...dayRange(now, query.days), kind: query.kind };
  const [totals, perDay, perKind, perBrowser, failures, perLab, lastFailures] = await Promise.all([
    repo.totals(db, range),
    repo.perDay(db, range),
    repo.grouped(db, range, 'kind'),
    repo.grouped(db, range, 'browser'),
    repo.failuresByStage(db, range),
    repo.grouped(db, range, 'item'),
    repo.lastFailures(db, range),
  ]);
  const titles = await repo.titlesOf(
    db,
    perLab.map((row) => row.item_id),
  );
  const failureOf = new Map(lastFailures.map((row) => [row.itemId, row]));
  const labs: LabHealthLab[] = perLab
    .map(({ item_type, item_id, ...timing }) => {
      const failure = failureOf.get(item_id);
      return {
        item: { type: item_type as 'quiz' | 'challenge', id: item_id, title: titles.get(item_id) ?? '(removed)' },
        ...timing,
        last_failure: failure
          ? {
              at: failure.at.toISOString(),
              stage: failure.stage as NonNullable<LabHealthLab['last_failure']>['stage'],
              reason: failure.reason as NonNullable<LabHealthLab['last_failure']>['reason'],
            }
          : null,
      };
    })
    .sort((a, b) => a.item.title.localeCompare(b.item.title) || a.item.id.localeCompare(b.item.id));
  const ranked = LAB_HEALTH_LIMITS.ranked;
  return {
    days: query.days,
    kind: query.kind ?? null,
    kept_days: LAB_HEALTH_LIMITS.keptDays,
    totals,
    per_day: perDay,
    per_kind: perKind as LabHealth['per_kind'],
    per_browser: perBrowser as LabHealth['per_browser'],
    failures: failures as LabHealth['failures'],
    slowest: labs
      .filter((lab) => lab.p90_ms !== null)
      .sort((a, b) => b.p90_ms! - a.p90_ms!)
      .slice(0, ranked),
    most_failing: labs
      .filter((lab) => lab.failures > 0)
      .sort((a, b) => b.failures - a.failures || b.failures / b.starts - a.failures / a.starts)
      .slice(0, ranked),
    labs,
  };
}
