import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { couponHistoryResponse, couponRedeemParams, couponRedeemResponse, pageQuery } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createCouponsService } from './coupons.service.ts';

const secured = { tags: ['coupons'], security: [{ bearer: [] }] };

/** Redemption takes no payload: no body, or an empty JSON object. */
const redeemBody = z.strictObject({}).nullish();

/** Reward codes: redeem one, list what the learner redeemed. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const coupons = createCouponsService({ db: app.db, clock: app.clock, throttle: app.throttle });

  app.post(
    '/api/coupons/redeem/:code/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: couponRedeemParams, body: redeemBody, response: { 200: couponRedeemResponse } },
    },
    async (request) => coupons.redeem(currentUser(request).userId, request.params.code, request.ip),
  );

  app.get(
    '/api/coupons/history/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: pageQuery, response: { 200: couponHistoryResponse } },
    },
    async (request) => coupons.history(currentUser(request).userId, request.query, request.url),
  );
};
