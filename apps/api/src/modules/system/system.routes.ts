import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION, publicConfigResponse } from '@bastion/contract';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/',
    { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/api/ready/',
    {
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ready' as const };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        return reply.code(503).send({ detail: 'Database unavailable.' });
      }
    },
  );

  app.get('/api/config/', { schema: { tags: ['system'], response: { 200: publicConfigResponse } } }, async () => {
    const { captcha, stripe } = app.config;
    return {
      version: APP_VERSION,
      captcha: {
        provider: captcha.provider,
        site_key: captcha.provider === 'recaptcha' ? (captcha.siteKey ?? null) : null,
        challenge_url: captcha.provider === 'altcha' ? '/api/captcha/challenge/' : null,
      },
      payments_enabled: Boolean(stripe),
    };
  });
};
