import type { FastifyInstance } from 'fastify';
import { systemRoutes } from './system/system.routes.ts';
import { captchaPlugin } from './captcha/captcha.plugin.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { profileRoutes } from './accounts/profile.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { engagementRoutes } from './engagement/engagement.routes.ts';

/** Every domain's routes, in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(captchaPlugin);
  await app.register(accountsRoutes);
  await app.register(profileRoutes);
  await app.register(mediaRoutes);
  await app.register(engagementRoutes);
}
