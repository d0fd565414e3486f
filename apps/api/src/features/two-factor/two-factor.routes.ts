import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  recoveryCodes,
  twoFactorConfirmBody,
  twoFactorProofBody,
  twoFactorSetup,
  twoFactorSetupBody,
  twoFactorStatus,
} from '@bastion/contract';
import { detail, fieldErrors } from '../../lib/error-schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import { createTwoFactorKit } from './two-factor.kit.ts';

const errors = { 400: z.union([detail, fieldErrors]), 429: detail };

/** Turning two-factor sign-in on and off (the sign-in step, `POST /api/users/login/2fa/`, is in `sessions/`). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const kit = createTwoFactorKit(app.db, app.config.jwtSecret);
  const twoFactor = createTwoFactorService({
    db: app.db,
    clock: app.clock,
    throttle: app.throttle,
    box: kit.box,
    hashRecoveryCode: kit.hashRecoveryCode,
    acceptCode: kit.acceptCode,
    requireForStaff: app.config.requireTwoFactorForStaff,
    site: { appUrl: app.config.appUrl, supportEmail: app.config.supportEmail },
  });
  const secured = { tags: ['two-factor'], security: [{ bearer: [] }] };
  const guarded = { preHandler: app.authenticate };

  app.get(
    '/api/users/2fa/',
    { ...guarded, schema: { ...secured, response: { 200: twoFactorStatus } } },
    async (request) => twoFactor.status(currentUser(request).userId),
  );

  app.post(
    '/api/users/2fa/setup/',
    { ...guarded, schema: { ...secured, body: twoFactorSetupBody, response: { 200: twoFactorSetup, ...errors } } },
    async (request) => twoFactor.setup(currentUser(request).userId, request.body),
  );

  app.post(
    '/api/users/2fa/confirm/',
    { ...guarded, schema: { ...secured, body: twoFactorConfirmBody, response: { 200: recoveryCodes, ...errors } } },
    async (request) => {
      const { userId, sessionId } = currentUser(request);
      return twoFactor.confirm(userId, sessionId, request.body, request.ip);
    },
  );

  app.post(
    '/api/users/2fa/disable/',
    { ...guarded, schema: { ...secured, body: twoFactorProofBody, response: { 200: detail, ...errors } } },
    async (request) => {
      await twoFactor.disable(currentUser(request).userId, request.body, request.ip);
      return { detail: MESSAGES.twoFactorDisabled };
    },
  );

  app.post(
    '/api/users/2fa/recovery-codes/',
    { ...guarded, schema: { ...secured, body: twoFactorProofBody, response: { 200: recoveryCodes, ...errors } } },
    async (request) => twoFactor.replaceRecoveryCodes(currentUser(request).userId, request.body),
  );
};
