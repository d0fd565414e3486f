// Decision 0131: the audit row in the change's transaction. docs/console.md, "The audit log": append-only, chained.
import os from 'node:os';
import type { AuditEntry as AuditItem, AuditFilterQuery, AuditQuery, AuditVia, Paged } from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import * as repo from './audit.repository.ts';

/**
 * Who acts: a staff member in the console, or an operator running a CLI command on the server's machine; a
 * learner whose action the operator must see (a code redeemed, an answer that was another learner's flag); or a
 * staff account on the site itself (its sign-ins, turning its two-factor sign-in on or off).
 */
export interface Actor {
  /** The staff account or the learner; null for the CLI. */
  id: string | null;
  name: string;
  via: AuditVia;
  /** The client's address; null for the CLI. */
  ip: string | null;
}

/** The CLI's actor: the operating-system user and the machine it runs on. */
export function cliActor(): Actor {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry for this uid (a container): the uid still says who.
    user = `uid ${process.getuid?.() ?? '?'}`;
  }
  return { id: null, name: `${user}@${os.hostname()}`, via: 'cli', ip: null };
}

/** One action as the audit log records it. */
export interface AuditRecord {
  action: string;
  target: { type: string; id?: string | null; label?: string | null };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Runs an operator action and records it, in one transaction: the row exists exactly when the change
 * committed. `work` gets the transaction (the services' own transactions nest in it as savepoints).
 */
export async function audited<T>(
  db: Db,
  actor: Actor,
  work: (tx: Db) => Promise<{ result: T; audit: AuditRecord }>,
  now = new Date(),
): Promise<T> {
  return db.transaction(async (tx) => {
    const { result, audit } = await work(tx);
    await recordAuditIn(tx, actor, audit, now);
    return result;
  });
}

/** Records an action in the caller's transaction (a sign-in, a redemption): the row commits with the change. */
export async function recordAuditIn(tx: Executor, actor: Actor, audit: AuditRecord, now: Date): Promise<void> {
  await repo.insertAudit(tx, {
    at: now,
    actorId: actor.id,
    actorName: actor.name,
    via: actor.via,
    ip: actor.ip,
    action: audit.action,
    targetType: audit.target.type,
    targetId: audit.target.id ?? null,
    targetLabel: audit.target.label ?? null,
    before: audit.before ?? null,
    after: audit.after ?? null,
  });
}

/** Records an action whose change ran in transactions of its own (a content import), once it has succeeded. */
export async function recordAudit(db: Db, actor: Actor, audit: AuditRecord, now = new Date()): Promise<void> {
  await audited(db, actor, async () => ({ result: undefined, audit }), now);
}

function toItem(row: repo.AuditRow): AuditItem {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, via: row.via as AuditVia },
    ip: row.ip,
    action: row.action,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    before: row.before,
    after: row.after,
  };
}

/** The page's filters as the repository reads them: `to` includes its whole (UTC) day. */
export function auditFilterOf(query: AuditFilterQuery): repo.AuditFilter {
  return {
    action: query.action,
    actor: query.actor,
    target: query.target,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000) : undefined,
  };
}

export async function listAuditLog(db: Db, query: AuditQuery, url: string): Promise<Paged<AuditItem>> {
  const filter = auditFilterOf(query);
  const [rows, total] = await Promise.all([repo.listAudit(db, filter, pageWindow(query)), repo.countAudit(db, filter)]);
  return pagedResponse(rows.map(toItem), total, query, url);
}
