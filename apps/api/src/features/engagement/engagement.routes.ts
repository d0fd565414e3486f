import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactBody, detailResponse, feedbackBody, MESSAGES } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createEngagementService } from './engagement.service.ts';

/** Feedback from learners and the public contact form. */
export const engagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const engagement = createEngagementService({
    db: app.db,
    clock: app.clock,
    throttle: app.throttle,
    supportEmail: app.config.supportEmail,
  });

  app.post(
    '/api/feedback/create/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['engagement'],
        security: [{ bearer: [] }],
        body: feedbackBody,
        response: { 201: detailResponse },
      },
    },
    async (request, reply) => {
      await engagement.submitFeedback(currentUser(request).userId, request.body);
      return reply.code(201).send({ detail: MESSAGES.feedbackThanks });
    },
  );

  app.post(
    '/api/contactus/',
    { schema: { tags: ['engagement'], body: contactBody, response: { 201: detailResponse } } },
    async (request, reply) => {
      await engagement.sendContactMessage(request.body, request.ip);
      return reply.code(201).send({ detail: MESSAGES.contactSent });
    },
  );
};
