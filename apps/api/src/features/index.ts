import type { FastifyInstance } from 'fastify';
import type { PowCost } from './captcha/altcha.ts';
import type { StripeClient } from './billing/stripe-client.ts';
import { systemRoutes } from './system/system.routes.ts';
import { captchaPlugin } from './captcha/captcha.plugin.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { sessionsRoutes } from './sessions/sessions.routes.ts';
import { profileRoutes } from './profiles/profile.routes.ts';
import { signedInSessionsRoutes } from './sessions/signed-in-sessions.routes.ts';
import { twoFactorRoutes } from './two-factor/two-factor.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { contentMediaRoutes } from './media/content-media.routes.ts';
import { challengeAttachmentsRoutes } from './challenges/challenge-attachments.routes.ts';
import { certificatesRoutes } from './certificates/certificates.routes.ts';
import { engagementRoutes } from './engagement/engagement.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { badgesRoutes } from './gamification/badges.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { coursesRoutes } from './courses/courses.routes.ts';
import { pointsRoutes } from './gamification/points.routes.ts';
import { couponsRoutes } from './coupons/coupons.routes.ts';
import { billingRoutes } from './billing/billing.routes.ts';
import { premiumExpiryPlugin } from './billing/premium-expiry.plugin.ts';
import { leaderboardPlugin } from './leaderboard/leaderboard.plugin.ts';
import { leaderboardRoutes } from './leaderboard/leaderboard.routes.ts';
import { publicProfileRoutes } from './profiles/public-profile.routes.ts';
import { challengesRoutes } from './challenges/challenges.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { labStartsRoutes } from './lab-health/lab-starts.routes.ts';

/** What buildApp hands the domains besides the app's decorations: wiring a deployment (or a test) chooses. */
export interface FeatureOptions {
  stripe: StripeClient | null;
  premiumSweepMs: number;
  captchaPow: PowCost;
  leaderboardCacheMs: number;
  leaderboardUpkeepMs: number;
}

/** Every domain's plugins and routes, in one place; each receives its options as plugin options. */
export async function registerFeatures(app: FastifyInstance, options: FeatureOptions): Promise<void> {
  await app.register(systemRoutes);
  await app.register(captchaPlugin, { pow: options.captchaPow });
  await app.register(accountsRoutes);
  await app.register(sessionsRoutes);
  await app.register(profileRoutes);
  await app.register(signedInSessionsRoutes);
  await app.register(twoFactorRoutes);
  await app.register(mediaRoutes);
  await app.register(contentMediaRoutes);
  await app.register(challengeAttachmentsRoutes);
  await app.register(certificatesRoutes);
  await app.register(engagementRoutes);
  await app.register(notificationsRoutes);
  await app.register(badgesRoutes);
  await app.register(dashboardRoutes);
  await app.register(coursesRoutes);
  await app.register(pointsRoutes);
  await app.register(couponsRoutes);
  await app.register(billingRoutes, { stripe: options.stripe });
  await app.register(premiumExpiryPlugin, { intervalMs: options.premiumSweepMs });
  await app.register(leaderboardPlugin, {
    cacheMs: options.leaderboardCacheMs,
    upkeepMs: options.leaderboardUpkeepMs,
  });
  await app.register(leaderboardRoutes);
  await app.register(publicProfileRoutes);
  await app.register(challengesRoutes);
  await app.register(labStartsRoutes);
  await app.register(adminRoutes);
}
