import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginAnswer,
  loginBody,
  loginSecondStepBody,
  logoutBody,
  MESSAGES,
  refreshBody,
  tokenPair,
} from '@bastion/contract';
import { accountErrors as errors, detail } from '../../lib/error-schemas.ts';
import { createAccountLinks } from '../accounts/account-links.ts';
import { createLoginGuard } from '../accounts/login-guard.ts';
import { createTwoFactorKit } from '../two-factor/two-factor.kit.ts';
import { createSecondStep } from './second-step.ts';
import { createSessionsService } from './sessions.service.ts';

/** R12: sign-in (the password, then a code with two-factor sign-in), token rotation and sign-out. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = createLoginGuard({
    db: app.db,
    clock: app.clock,
    throttle: app.throttle,
    links: createAccountLinks(app.config.jwtSecret),
    appUrl: app.config.appUrl,
  });
  const twoFactor = createTwoFactorKit(app.db, app.config.jwtSecret);
  const sessions = createSessionsService({
    db: app.db,
    clock: app.clock,
    tokens: app.tokens,
    throttle: app.throttle,
    captcha: app.captcha,
    refreshTtlSeconds: app.config.refreshTokenTtlSeconds,
    learnersChanged: (userIds) => app.learnerChanges.changed(userIds),
    guard,
    twoFactorChallenge: twoFactor.tickets.challengeFor,
    appUrl: app.config.appUrl,
  });
  const completeSignIn = createSecondStep({
    db: app.db,
    clock: app.clock,
    throttle: app.throttle,
    guard,
    tickets: twoFactor.tickets,
    acceptCode: twoFactor.acceptCode,
    startSession: sessions.startSession,
  });
  const clientOf = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const tags = ['accounts'];

  app.post(
    '/api/users/login/',
    { schema: { tags, body: loginBody, response: { 200: loginAnswer, ...errors } } },
    async (request) => sessions.login(request.body, clientOf(request)),
  );

  app.post(
    '/api/users/login/2fa/',
    { schema: { tags, body: loginSecondStepBody, response: { 200: tokenPair, ...errors } } },
    async (request) => completeSignIn(request.body, clientOf(request)),
  );

  app.post(
    '/api/auth/token/refresh/',
    { schema: { tags, body: refreshBody, response: { 200: tokenPair, ...errors } } },
    async (request) => sessions.refresh(request.body.refresh),
  );

  app.post(
    '/api/users/logout/',
    { schema: { tags, body: logoutBody, response: { 200: detail, ...errors } } },
    async (request) => {
      await sessions.logout(request.body.refresh);
      return { detail: MESSAGES.loggedOut };
    },
  );
};
