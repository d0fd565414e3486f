import { and, eq } from 'drizzle-orm';
import { media, type Executor } from '@bastion/db';

export async function findMedia(db: Executor, id: string, kind: string) {
  const [row] = await db
    .select({ contentType: media.contentType, data: media.data })
    .from(media)
    .where(and(eq(media.id, id), eq(media.kind, kind)))
    .limit(1);
  return row;
}
