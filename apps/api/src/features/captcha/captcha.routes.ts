import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';

const challengeResponse = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/captcha/challenge/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A signed ALTCHA proof-of-work challenge',
        response: { 200: challengeResponse },
      },
    },
    async (request, reply) => {
      if (app.config.captcha.provider !== 'altcha') throw new NotFound();
      await app.throttle.hit('CAPTCHA_IP', request.ip);
      reply.header('cache-control', 'no-store');
      return (await app.captcha.challenge()) as unknown as z.infer<typeof challengeResponse>;
    },
  );
};
