import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, sessionsRevoked, signedInSessions } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createSignedInSessionsService } from './signed-in-sessions.service.ts';

/** The learner's signed-in sessions (devices). */
export const signedInSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = createSignedInSessionsService({
    db: app.db,
    clock: app.clock,
    learnersChanged: (userIds) => app.learnerChanges.changed(userIds),
  });
  const secured = { tags: ['accounts'], security: [{ bearer: [] }] };

  app.get(
    '/api/users/sessions/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: signedInSessions } } },
    async (request) => sessions.list(currentUser(request)),
  );

  app.delete(
    '/api/users/sessions/:id/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: idParams, response: { 200: sessionsRevoked } },
    },
    async (request) => sessions.end(currentUser(request), request.params.id),
  );

  app.post(
    '/api/users/sessions/revoke-others/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: sessionsRevoked } } },
    async (request) => sessions.endOthers(currentUser(request)),
  );
};
