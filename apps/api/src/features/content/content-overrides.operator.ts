import { OVERRIDE_MESSAGES, type ContentItem, type ContentOverrideBody } from '@bastion/contract';
import type { Db } from '@bastion/db';
import { NotFound, ValidationFailed } from '../../lib/errors.ts';
import { audited, type Actor } from '../audit/audit.service.ts';
import * as repo from './content-overrides.repository.ts';

/** The item with its override beside it and what learners get: the override's value where set, the content's otherwise. */
export function withOverride(row: repo.ContentRow, override: ContentItem['override']): ContentItem {
  return {
    ...row,
    override,
    hidden: override?.hidden ?? row.content_hidden,
    points: row.kind === 'step' ? (override?.points ?? row.content_points) : null,
  };
}

export async function listContentItems(db: Db): Promise<ContentItem[]> {
  const [rows, overrides] = await Promise.all([repo.listContentRows(db), repo.listOverrides(db)]);
  return rows.map((row) => withOverride(row, overrides.get(row.id) ?? null));
}

const target = (item: repo.ContentRow) => ({ type: item.kind, id: item.id, label: item.title });
const audited_ = (item: ContentItem) => ({ hidden: item.hidden, points: item.points, override: item.override });

async function existingItem(db: Db, id: string): Promise<repo.ContentRow> {
  const item = await repo.findContentRow(db, id);
  if (!item) throw new NotFound(OVERRIDE_MESSAGES.unknownItem);
  return item;
}

/** What an operator does to an item without a re-import: each change and its audit row commit together. */
export const overrideActions = {
  /** Sets the item's override (replacing any it had): hidden or shown, and for a step its points. */
  set: (db: Db, actor: Actor, id: string, body: ContentOverrideBody, now: Date): Promise<ContentItem> =>
    audited(
      db,
      actor,
      async (tx) => {
        const item = await existingItem(tx, id);
        const hidden = body.hidden ?? null;
        const points = body.points ?? null;
        if (item.kind === 'step' && hidden !== null) throw new ValidationFailed({ hidden: [OVERRIDE_MESSAGES.hiddenNotOnSteps] });
        if (item.kind !== 'step' && points !== null) throw new ValidationFailed({ points: [OVERRIDE_MESSAGES.pointsOnSteps] });
        const before = withOverride(item, await repo.findOverride(tx, id));
        await repo.writeOverride(tx, item, { hidden, points, reason: body.reason || null, by: actor.id }, now);
        const after = withOverride(item, await repo.findOverride(tx, id));
        return {
          result: after,
          audit: { action: 'content.override', target: target(item), before: audited_(before), after: audited_(after) },
        };
      },
      now,
    ),

  /** Clears the item's override: it returns to the content's own values. */
  clear: (db: Db, actor: Actor, id: string, now: Date): Promise<ContentItem> =>
    audited(
      db,
      actor,
      async (tx) => {
        const item = await existingItem(tx, id);
        const before = withOverride(item, await repo.findOverride(tx, id));
        await repo.deleteOverride(tx, id);
        const after = withOverride(item, null);
        return {
          result: after,
          audit: { action: 'content.override_clear', target: target(item), before: audited_(before), after: audited_(after) },
        };
      },
      now,
    ),
};
