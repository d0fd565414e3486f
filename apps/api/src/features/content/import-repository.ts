import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  badges,
  challenges,
  challengeSteps,
  courses,
  media,
  moduleItems,
  modules,
  stepProgress,
  type Executor,
} from '@bastion/db';
import type { MediaAsset } from './import-media.ts';
import type { StepValues } from './import-plan.ts';

/** The tables whose rows are imported by slug and carry `source`, `position` and `hidden`. */
export type ImportedTable = typeof courses | typeof modules | typeof moduleItems | typeof badges | typeof challenges;
export const IMPORTED_TABLES: ImportedTable[] = [moduleItems, modules, courses, badges, challenges];

export interface ExistingRow {
  id: string;
  slug: string;
  source: string;
  hidden: boolean;
  position: number;
  [column: string]: unknown;
}

/** An arbitrary constant: imports (server starts, CLI runs) take turns on this transaction lock. */
const IMPORT_LOCK_ID = 724_311_906;

export async function lockImports(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_ID})`);
}

// The five tables share the imported columns; one query shape serves them all.
const asShape = (table: ImportedTable) => table as unknown as typeof courses;

export async function selectBySlugs(
  tx: Executor,
  table: ImportedTable,
  slugs: string[],
  scope?: SQL,
): Promise<ExistingRow[]> {
  if (slugs.length === 0) return [];
  const t = asShape(table);
  const rows = await tx
    .select()
    .from(t)
    .where(and(scope, inArray(t.slug, slugs)));
  return rows as unknown as ExistingRow[];
}

export async function insertRows(
  tx: Executor,
  table: ImportedTable,
  rows: Record<string, unknown>[],
): Promise<{ id: string; slug: string }[]> {
  if (rows.length === 0) return [];
  const t = asShape(table);
  return tx
    .insert(t)
    .values(rows as never)
    .returning({ id: t.id, slug: t.slug });
}

export async function updateRow(
  tx: Executor,
  table: ImportedTable,
  id: string,
  values: Record<string, unknown>,
): Promise<void> {
  const t = asShape(table);
  await tx
    .update(t)
    .set(values as never)
    .where(eq(t.id, id));
}

/** Hides the source's visible rows that this import did not see; returns how many. */
export async function hideUnseen(
  tx: Executor,
  table: ImportedTable,
  source: string,
  seenIds: string[],
  now: Date,
): Promise<number> {
  const t = asShape(table);
  const hidden = await tx
    .update(t)
    .set({ hidden: true, updatedAt: now })
    .where(and(eq(t.source, source), eq(t.hidden, false), notInArray(t.id, seenIds)))
    .returning({ id: t.id });
  return hidden.length;
}

export type ExistingStep = typeof challengeSteps.$inferSelect;

export async function selectSteps(tx: Executor, challengeId: string): Promise<ExistingStep[]> {
  return tx.select().from(challengeSteps).where(eq(challengeSteps.challengeId, challengeId));
}

export async function insertStep(tx: Executor, challengeId: string, step: StepValues): Promise<void> {
  await tx.insert(challengeSteps).values({ challengeId, ...step });
}

export async function updateStep(tx: Executor, id: string, step: StepValues): Promise<void> {
  await tx.update(challengeSteps).set(step).where(eq(challengeSteps.id, id));
}

export async function stepsWithProgress(tx: Executor, stepIds: string[]): Promise<string[]> {
  if (stepIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ stepId: stepProgress.stepId })
    .from(stepProgress)
    .where(inArray(stepProgress.stepId, stepIds));
  return rows.map((row) => row.stepId);
}

export async function deleteSteps(tx: Executor, stepIds: string[]): Promise<void> {
  if (stepIds.length === 0) return;
  await tx.delete(challengeSteps).where(inArray(challengeSteps.id, stepIds));
}

/** Stores the assets not stored yet (ids are content hashes); returns how many were new. */
export async function storeMedia(tx: Executor, assets: MediaAsset[]): Promise<number> {
  if (assets.length === 0) return 0;
  const present = await tx
    .select({ id: media.id })
    .from(media)
    .where(
      inArray(
        media.id,
        assets.map((asset) => asset.id),
      ),
    );
  const known = new Set(present.map((row) => row.id));
  let stored = 0;
  for (const asset of assets) {
    if (known.has(asset.id)) continue;
    const inserted = await tx
      .insert(media)
      .values({ id: asset.id, kind: asset.kind, contentType: asset.contentType, data: asset.data })
      .onConflictDoNothing({ target: media.id })
      .returning({ id: media.id });
    stored += inserted.length;
  }
  return stored;
}
