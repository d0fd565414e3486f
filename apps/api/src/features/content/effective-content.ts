import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The one place an operator's override meets the content's own value (docs/decisions/0209): every read
 * path a learner reaches asks these, never a content table's `hidden` or a step's `points` alone.
 */

type Ref = AnyPgColumn | SQL;

const column = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** True when the item is hidden: the override's value where there is one, the content's otherwise. */
export function hiddenOf(id: Ref, hidden: Ref): SQL {
  return sql`coalesce((select o.hidden from content_overrides o where o.item_id = ${id}), ${hidden})`;
}

/** True when learners see the row: `visible(t.id, t.hidden)`. */
export function visible(id: Ref, hidden: Ref): SQL<boolean> {
  return sql<boolean>`not ${hiddenOf(id, hidden)}`;
}

/** `visible` for a table under an alias in raw SQL: `visibleAs('c')` reads `c.id` and `c.hidden`. */
export function visibleAs(alias: string): SQL<boolean> {
  return visible(column(alias, 'id'), column(alias, 'hidden'));
}

/** A challenge step's points: the override's where there is one, the content's otherwise. */
export function stepPoints(id: Ref, points: Ref): SQL<number> {
  return sql<number>`coalesce((select o.points from content_overrides o where o.item_id = ${id}), ${points})`;
}

/** `stepPoints` for `challenge_steps` under an alias in raw SQL. */
export function stepPointsAs(alias: string): SQL<number> {
  return stepPoints(column(alias, 'id'), column(alias, 'points'));
}
