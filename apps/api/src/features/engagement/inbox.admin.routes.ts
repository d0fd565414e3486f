import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactInboxPage,
  contactInboxQuery,
  feedbackInboxPage,
  feedbackInboxQuery,
  idParams,
  inboxHandledResponse,
  type PageQuery,
} from '@bastion/contract';
import { NotFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { consoleActor } from '../../plugins/staff-guard.ts';
import { audited, recordAudit } from '../audit/audit.service.ts';
import * as repo from './inbox.repository.ts';
import { inboxThreadRoutes } from './inbox-thread.routes.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The console's inbox: learners' feedback and contact-form messages, each marked handled once dealt with. */
export const inboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(inboxThreadRoutes);

  /**
   * A list of inbox items, newest first, with their dates as ISO text. What a staff member read is audited
   * (`inbox.view`: the list, the query and the items shown), as a learner's page is.
   */
  async function page<Q extends PageQuery, R extends { id: string; created_at: Date; handled_at: Date | null }>(
    request: FastifyRequest & { query: Q },
    inbox: 'feedback' | 'contact',
    list: (query: Q) => Promise<R[]>,
    total: (query: Q) => Promise<number>,
  ) {
    const { query } = request;
    const [rows, count] = await Promise.all([list(query), total(query)]);
    const results = rows.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      handled_at: iso(row.handled_at),
    }));
    await recordAudit(app.db, consoleActor(request), {
      action: 'inbox.view',
      target: { type: 'inbox', id: null, label: inbox },
      after: { query, items: rows.map((row) => row.id) },
    });
    return pagedResponse(results, count, query, request.url);
  }

  app.get(
    '/api/admin/inbox/feedback/',
    { schema: { ...schema, querystring: feedbackInboxQuery, response: { 200: feedbackInboxPage } } },
    (request) =>
      page(
        request,
        'feedback',
        (query) => repo.listFeedbackInbox(app.db, query, pageWindow(query)),
        (query) => repo.countFeedbackInbox(app.db, query),
      ),
  );

  app.get(
    '/api/admin/inbox/contact/',
    { schema: { ...schema, querystring: contactInboxQuery, response: { 200: contactInboxPage } } },
    (request) =>
      page(
        request,
        'contact',
        (query) => repo.listContactInbox(app.db, query, pageWindow(query)),
        (query) => repo.countContactInbox(app.db, query),
      ),
  );

  for (const table of ['feedback', 'contact'] as const) {
    app.post(
      `/api/admin/inbox/${table}/:id/handled/`,
      { schema: { ...schema, params: idParams, response: { 200: inboxHandledResponse } } },
      async (request) => {
        const actor = consoleActor(request);
        const { id } = request.params;
        if (!isUuid(id)) throw new NotFound();
        return audited(app.db, actor, async (tx) => {
          const item = await repo.markHandled(tx, table, id, actor.name, app.clock.now());
          if (!item) throw new NotFound();
          const after = { handled_at: item.handledAt.toISOString(), handled_by: item.handledBy };
          const target = {
            type: table === 'feedback' ? 'feedback' : 'contact_message',
            id: item.id,
            label: item.label,
          };
          return { result: { id: item.id, ...after }, audit: { action: 'inbox.mark_handled', target, after } };
        });
      },
    );
  }
};
