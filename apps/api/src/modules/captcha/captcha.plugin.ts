import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { captchaRoutes } from './captcha.routes.ts';
import { createCaptchaService, type CaptchaService } from './captcha.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

/** Decorates `app.captcha` (used by login) and serves the ALTCHA challenge. */
export const captchaPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('captcha', createCaptchaService({ db: app.db, clock: app.clock, config: app.config, log: app.log }));
  await app.register(captchaRoutes);
});
