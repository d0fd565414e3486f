import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  MESSAGES,
  passwordResetBody,
  passwordResetConfirmBody,
  resendVerificationBody,
  signupBody,
  unlockAccountBody,
  verifyEmailParams,
} from '@bastion/contract';
import { accountErrors as errors, detail } from '../../lib/error-schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createAccountLinks } from './account-links.ts';
import { createCredentialsService } from './credentials.service.ts';
import { createLoginGuard } from './login-guard.ts';
import { createRegistrationService } from './registration.service.ts';

/** R12: sign-up, email verification, unlocking and passwords (sign-in and sign-out: `sessions/sessions.routes.ts`). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = createAccountLinks(app.config.jwtSecret);
  const base = { db: app.db, clock: app.clock, throttle: app.throttle, links, appUrl: app.config.appUrl };
  const registration = createRegistrationService(base);
  const learnersChanged = (userIds: string[]) => app.learnerChanges.changed(userIds);
  const credentials = createCredentialsService({ ...base, learnersChanged });
  const guard = createLoginGuard(base);
  const tags = ['accounts'];

  app.post(
    '/api/users/signup/',
    { schema: { tags, body: signupBody, response: { 201: detail, ...errors } } },
    async (request, reply) => {
      await registration.signup(request.body, request.ip);
      return reply.code(201).send({ detail: MESSAGES.registrationSuccess });
    },
  );

  app.get(
    '/api/users/verify-email/:uidb64/:token/',
    {
      schema: {
        tags,
        params: verifyEmailParams,
        response: { 200: detail, 400: detail },
      },
    },
    async (request) => {
      const outcome = await registration.verifyEmail(request.params.uidb64, request.params.token);
      return { detail: outcome === 'verified' ? MESSAGES.emailVerified : MESSAGES.emailAlreadyVerified };
    },
  );

  app.post(
    '/api/users/resend-verification/',
    { schema: { tags, body: resendVerificationBody, response: { 200: detail, ...errors } } },
    async (request) => {
      await registration.resendVerification(request.body.username_or_email, request.ip);
      return { detail: MESSAGES.resendGeneric };
    },
  );

  app.post(
    '/api/users/unlock/',
    { schema: { tags, body: unlockAccountBody, response: { 200: detail, ...errors } } },
    async (request) => {
      await guard.unlock(request.body.uidb64, request.body.token, request.ip);
      return { detail: MESSAGES.accountUnlocked };
    },
  );

  app.post(
    '/api/users/password-reset/',
    { schema: { tags, body: passwordResetBody, response: { 200: detail, ...errors } } },
    async (request) => {
      await credentials.requestReset(request.body.email, request.ip);
      return { detail: MESSAGES.resetGeneric };
    },
  );

  app.post(
    '/api/users/password-reset/confirm/',
    { schema: { tags, body: passwordResetConfirmBody, response: { 200: detail, ...errors } } },
    async (request) => {
      await credentials.confirmReset(request.body);
      return { detail: MESSAGES.passwordReset };
    },
  );

  app.post(
    '/api/users/change_password/',
    {
      preHandler: app.authenticate,
      schema: { tags, security: [{ bearer: [] }], body: changePasswordBody, response: { 200: detail, ...errors } },
    },
    async (request) => {
      const { userId, sessionId } = currentUser(request);
      await credentials.changePassword(userId, sessionId, request.body);
      return { detail: MESSAGES.passwordChanged };
    },
  );
};
