import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PowCost } from './altcha.ts';
import { captchaRoutes } from './captcha.routes.ts';
import { createCaptchaService, type CaptchaService } from './captcha.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

export interface CaptchaPluginOptions {
  /** The ALTCHA proof of work a browser must do per challenge. */
  pow: PowCost;
}

/** Decorates `app.captcha` (used by login) and serves the ALTCHA challenge. */
export const captchaPlugin = fp(async (app: FastifyInstance, options: CaptchaPluginOptions) => {
  const deps = { db: app.db, clock: app.clock, config: app.config, log: app.log, pow: options.pow };
  app.decorate('captcha', createCaptchaService(deps));
  await app.register(captchaRoutes);
});
