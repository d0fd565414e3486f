import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentActionBody, contentDryRun, contentImportRun, contentOverview } from '@bastion/contract';
import { consoleActor } from '../../plugins/staff-guard.ts';
import { contentGate } from './content-console-gate.ts';
import * as service from './content.admin.service.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };

/**
 * The console's content page: what is imported and the last import; the server's content folder (CONTENT_DIR)
 * validated without writing anything, then imported by the same function as `content import`, each in a worker
 * thread and one at a time.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = app.config.contentDir;
  // One dry run or import at a time: another answers 409 while it runs.
  const oneAtATime = contentGate(app.database);

  app.get('/api/admin/content/', { schema: { ...schema, response: { 200: contentOverview } } }, () =>
    service.contentOverview(app.db, dir),
  );

  const dryRunSchema = { ...schema, body: contentActionBody, response: { 200: contentDryRun } };
  app.post('/api/admin/content/dry-run/', { schema: dryRunSchema }, (request) => {
    const actor = consoleActor(request);
    return oneAtATime(() => service.dryRun(app.db, actor, dir, app.clock.now()));
  });

  const importSchema = { ...schema, body: contentActionBody, response: { 200: contentImportRun } };
  app.post('/api/admin/content/import/', { schema: importSchema }, (request) => {
    const actor = consoleActor(request);
    return oneAtATime(() => service.importFromConsole(app.db, actor, dir, app.clock.now()));
  });
};
