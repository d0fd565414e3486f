import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentItem, contentItemParams, contentItems, contentOverrideBody } from '@bastion/contract';
import { consoleActor } from '../../plugins/staff-guard.ts';
import { listContentItems, overrideActions } from './content-overrides.operator.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };

/** The console's items: each course, module, lesson, quiz, challenge and step with its override; set or clear one. */
export const contentItemsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/content/items/', { schema: { ...schema, response: { 200: contentItems } } }, async () => ({
    results: await listContentItems(app.db),
  }));

  app.put(
    '/api/admin/content/items/:id/override/',
    { schema: { ...schema, params: contentItemParams, body: contentOverrideBody, response: { 200: contentItem } } },
    (request) =>
      overrideActions.set(app.db, consoleActor(request), request.params.id, request.body, app.clock.now()),
  );

  app.delete(
    '/api/admin/content/items/:id/override/',
    { schema: { ...schema, params: contentItemParams, response: { 200: contentItem } } },
    (request) => overrideActions.clear(app.db, consoleActor(request), request.params.id, app.clock.now()),
  );
};
