import { desc, sql } from 'drizzle-orm';
import { badges, challenges, contentImports, courses, moduleItems, modules, type Executor } from '@bastion/db';
import type { ImportedKind } from '@bastion/contract';

export type ContentImportRow = typeof contentImports.$inferSelect;
export type NewContentImportRow = typeof contentImports.$inferInsert;

export async function insertContentImport(db: Executor, values: NewContentImportRow): Promise<ContentImportRow> {
  const [row] = await db.insert(contentImports).values(values).returning();
  return row!;
}

/** The newest import (the `content_imports_at_idx` index). */
export async function latestContentImport(db: Executor): Promise<ContentImportRow | undefined> {
  const [row] = await db.select().from(contentImports).orderBy(desc(contentImports.at), desc(contentImports.id)).limit(1);
  return row;
}

const TABLES = { courses, modules, items: moduleItems, challenges, badges } as const;

/** Imported rows of each kind: the ones learners see, and the hidden ones (they left their folder). */
export async function countImported(db: Executor): Promise<{ kind: ImportedKind; visible: number; hidden: number }[]> {
  return Promise.all(
    (Object.keys(TABLES) as ImportedKind[]).map(async (kind) => {
      const table = TABLES[kind] as typeof courses;
      const [row] = await db
        .select({
          visible: sql<number>`(count(*) filter (where not ${table.hidden}))::int`,
          hidden: sql<number>`(count(*) filter (where ${table.hidden}))::int`,
        })
        .from(table);
      return { kind, visible: Number(row?.visible ?? 0), hidden: Number(row?.hidden ?? 0) };
    }),
  );
}
