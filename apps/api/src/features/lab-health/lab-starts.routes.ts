import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailResponse, labStartReport } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createLabStartRecorder } from './lab-health.service.ts';
import { labStartMetrics } from './lab-start.metrics.ts';

/**
 * A signed-in learner's browser reports each lab start. Refused before the body is read without a session (401),
 * and past the learner's LAB_REPORT budget (429): every report counts, valid or not.
 */
export const labStartsRoutes: FastifyPluginAsyncZod = async (app) => {
  const recorder = createLabStartRecorder({ db: app.db, clock: app.clock, observe: labStartMetrics(app.metrics) });

  app.post(
    '/api/labs/starts/',
    {
      onRequest: app.authenticate,
      preValidation: async (request) => {
        await app.throttle.hit('LAB_REPORT', currentUser(request).userId);
      },
      schema: {
        tags: ['labs'],
        security: [{ bearer: [] }],
        description: 'One lab start as the learner’s browser saw it: kind, time to the prompt, outcome.',
        body: labStartReport,
        response: { 201: detailResponse },
      },
    },
    async (request, reply) => {
      await recorder.record(currentUser(request).userId, request.body);
      return reply.code(201).send({ detail: 'Recorded.' });
    },
  );
};
