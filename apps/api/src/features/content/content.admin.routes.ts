import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentActionBody, contentDryRun, contentImportRun, contentOverview } from '@bastion/contract';
import { consoleActor } from '../admin/staff-guard.ts';
import * as service from './content.admin.service.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };

/**
 * The console's content page: what is imported and the last import; the server's content folder (CONTENT_DIR)
 * validated without writing anything, then imported by the same function as `content import`.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = app.config.contentDir;

  app.get('/api/admin/content/', { schema: { ...schema, response: { 200: contentOverview } } }, () =>
    service.contentOverview(app.db, dir),
  );

  const dryRunSchema = { ...schema, body: contentActionBody, response: { 200: contentDryRun } };
  app.post('/api/admin/content/dry-run/', { schema: dryRunSchema }, () => service.dryRun(dir));

  const importSchema = { ...schema, body: contentActionBody, response: { 200: contentImportRun } };
  app.post('/api/admin/content/import/', { schema: importSchema }, (request) =>
    service.importFromConsole(app.db, consoleActor(request), dir, app.clock.now()),
  );
};
