import type { FastifyInstance } from 'fastify';
import { systemRoutes } from './system/system.routes.ts';
import { captchaPlugin } from './captcha/captcha.plugin.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { profileRoutes } from './accounts/profile.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { engagementRoutes } from './engagement/engagement.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { badgesRoutes } from './gamification/badges.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { coursesRoutes } from './courses/courses.routes.ts';
import { pointsRoutes } from './gamification/points.routes.ts';

/** Every domain's routes, in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(captchaPlugin);
  await app.register(accountsRoutes);
  await app.register(profileRoutes);
  await app.register(mediaRoutes);
  await app.register(engagementRoutes);
  await app.register(notificationsRoutes);
  await app.register(badgesRoutes);
  await app.register(dashboardRoutes);
  await app.register(coursesRoutes);
  await app.register(pointsRoutes);
}
