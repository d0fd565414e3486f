import path from 'node:path';
import { CONTENT_PROBLEMS_LISTED, type ContentChange, type ContentDryRun } from '@bastion/contract';
import { badges, challenges, courses, moduleItems, modules, type Db, type Executor } from '@bastion/db';
import { ContentProblems, importLoaded, type ValidatedContent } from './import-content.ts';
import { defaultSource } from './import-source.ts';

interface Snapshot {
  kind: ContentChange['kind'];
  slug: string;
  title: string;
  hidden: boolean;
  updatedAt: number;
}

/** Thrown to roll the preview's transaction back; never leaves this file. */
class Preview extends Error {
  constructor(readonly changes: ContentChange[]) {
    super('preview');
  }
}

type Row = { id: string; slug: string; hidden: boolean; updatedAt: Date };

const entry = (kind: Snapshot['kind'], row: Row, title: string): [string, Snapshot] => [
  row.id,
  { kind, slug: row.slug, title, hidden: row.hidden, updatedAt: row.updatedAt.getTime() },
];

async function snapshot(tx: Executor): Promise<Map<string, Snapshot>> {
  const [courseRows, moduleRows, itemRows, badgeRows, challengeRows] = await Promise.all([
    tx.select().from(courses),
    tx.select().from(modules),
    tx.select().from(moduleItems),
    tx.select().from(badges),
    tx.select().from(challenges),
  ]);
  return new Map([
    ...courseRows.map((r) => entry('course', r, r.title)),
    ...moduleRows.map((r) => entry('module', r, r.title)),
    ...itemRows.map((r) => entry(r.kind, r, r.title)),
    ...badgeRows.map((r) => entry('badge', r, r.name)),
    ...challengeRows.map((r) => entry('challenge', r, r.title)),
  ]);
}

function compare(before: Map<string, Snapshot>, after: Map<string, Snapshot>): ContentChange[] {
  const changes: ContentChange[] = [];
  for (const [id, row] of after) {
    const was = before.get(id);
    const change = !was
      ? 'create'
      : row.hidden && !was.hidden
        ? 'hide'
        : row.updatedAt !== was.updatedAt
          ? 'change'
          : null;
    if (change) changes.push({ change, kind: row.kind, slug: row.slug, title: row.title });
  }
  return changes;
}

/**
 * What importing this checked folder would create, change and hide, row by row: the import itself, run in a
 * transaction that is then rolled back (nothing is written). Null when the import would refuse the folder.
 */
export async function previewImport(
  db: Db,
  dir: string,
  checked: ValidatedContent,
  now: Date,
): Promise<Pick<ContentDryRun, 'changes' | 'change_counts'>> {
  const root = path.resolve(dir);
  try {
    await db.transaction(async (tx) => {
      const before = await snapshot(tx);
      await importLoaded(tx as unknown as Db, { ...checked, root }, { source: defaultSource(root), now });
      throw new Preview(compare(before, await snapshot(tx)));
    });
  } catch (error) {
    if (error instanceof Preview) {
      const count = (change: ContentChange['change']) => error.changes.filter((c) => c.change === change).length;
      return {
        changes: error.changes.slice(0, CONTENT_PROBLEMS_LISTED),
        change_counts: { create: count('create'), change: count('change'), hide: count('hide') },
      };
    }
    if (error instanceof ContentProblems) return { changes: null, change_counts: null };
    throw error;
  }
  return { changes: null, change_counts: null };
}
