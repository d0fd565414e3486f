import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { couponHistoryResponse, couponRedeemResponse, pageQuery } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createCouponsService } from './coupons.service.ts';

const secured = { tags: ['coupons'], security: [{ bearer: [] }] };

/** The code is checked by the service (an odd one is a 404, like an unknown one), not by the schema (a 400). */
const redeemParams = z.object({ code: z.string() });
/** Redemption takes no payload: no body, or an empty JSON object. */
const redeemBody = z.strictObject({}).nullish();

/** Reward codes: redeem one, list what the learner redeemed. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const coupons = createCouponsService({ db: app.db, clock: app.clock, throttle: app.throttle });

  app.post(
    '/api/coupons/redeem/:code/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: redeemParams, body: redeemBody, response: { 200: couponRedeemResponse } },
    },
    async (request) => coupons.redeem(currentUser(request).userId, request.params.code),
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
