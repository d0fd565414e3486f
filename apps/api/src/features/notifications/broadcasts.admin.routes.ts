import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastBody,
  broadcastListQuery,
  broadcastPage,
  broadcastResponse,
  type BroadcastItem,
  type Paged,
  type PageQuery,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { consoleActor } from '../../plugins/staff-guard.ts';
import { countAudit, listAudit, type AuditRow } from '../audit/audit.repository.ts';
import { broadcastAs } from './notifications.service.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };
// Decision 0135: the broadcast history is the audit log's notification.broadcast rows, so the CLI's show too.
const SENT = { action: 'notification.broadcast' };

function toItem(row: AuditRow): BroadcastItem {
  const after = row.after ?? {};
  return {
    id: row.id,
    at: row.at.toISOString(),
    by: row.actorName,
    title: String(after.title ?? ''),
    message: String(after.message ?? ''),
    type: String(after.type ?? 'info'),
    user: row.targetType === 'user' ? row.targetLabel : null,
    notified: Number(after.notified ?? 0),
  };
}

/** Sent broadcasts, newest first: the audit log's record of each (console and CLI alike) is the history. */
async function history(db: Db, query: PageQuery, url: string): Promise<Paged<BroadcastItem>> {
  const [rows, total] = await Promise.all([listAudit(db, SENT, pageWindow(query)), countAudit(db, SENT)]);
  return pagedResponse(rows.map(toItem), total, query, url);
}

/** The console's broadcast: the CLI's `notify broadcast`, to everyone or one learner, and its history. */
export const broadcastsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/broadcasts/',
    { schema: { ...schema, body: broadcastBody, response: { 201: broadcastResponse } } },
    async (request, reply) => {
      const { username, ...rest } = request.body;
      const sent = await broadcastAs(
        app.db,
        consoleActor(request),
        { ...rest, username: username || undefined },
        app.clock.now(),
      );
      return reply.code(201).send(sent);
    },
  );
  app.get(
    '/api/admin/broadcasts/',
    { schema: { ...schema, querystring: broadcastListQuery, response: { 200: broadcastPage } } },
    (request) => history(app.db, request.query, request.url),
  );
};
