import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponListQuery,
  couponPage,
  couponRedemptions,
  couponBatchResponse,
  couponSummary,
  createCouponBatchBody,
  createCouponBody,
  idParams,
} from '@bastion/contract';
import { consoleActor } from '../../plugins/staff-guard.ts';
import { createCouponBatch } from './coupon-batch.ts';
import { couponActions, couponById, couponPage as listPage, couponRedeemers } from './coupons.operator.ts';

const schema = { tags: ['admin'], security: [{ bearer: [] }] };

/** The console's reward and upgrade codes: the CLI's `coupon create|list|disable`, and who redeemed each. */
export const couponsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/coupons/',
    { schema: { ...schema, querystring: couponListQuery, response: { 200: couponPage } } },
    (request) => listPage(app.db, request.query, request.url),
  );

  app.post(
    '/api/admin/coupons/',
    { schema: { ...schema, body: createCouponBody, response: { 201: couponSummary } } },
    async (request, reply) => {
      const body = request.body;
      const coupon = await couponActions.create(
        app.db,
        consoleActor(request),
        {
          code: body.code,
          points: body.points ?? 0,
          premiumDays: body.premium_days ?? undefined,
          requiredPoints: body.required_points,
          expires: body.expires || undefined,
          maxUses: body.max_uses ?? undefined,
          premiumOnly: body.premium_only,
          usernames: body.users,
        },
        app.clock.now(),
      );
      return reply.code(201).send(coupon);
    },
  );

  app.post(
    '/api/admin/coupons/batch/',
    {
      schema: {
        ...schema,
        description: 'Many single-use codes with the same rules at once. Audited as coupon.create_batch.',
        body: createCouponBatchBody,
        response: { 201: couponBatchResponse },
      },
    },
    async (request, reply) => {
      const batch = await createCouponBatch(app.db, consoleActor(request), request.body, app.clock.now());
      return reply.code(201).send(batch);
    },
  );

  app.post(
    '/api/admin/coupons/:id/disable/',
    { schema: { ...schema, params: idParams, response: { 200: couponSummary } } },
    async (request) => {
      const coupon = await couponById(app.db, request.params.id);
      return couponActions.disable(app.db, consoleActor(request), coupon.code, app.clock.now());
    },
  );

  app.get(
    '/api/admin/coupons/:id/redemptions/',
    { schema: { ...schema, params: idParams, response: { 200: couponRedemptions } } },
    (request) => couponRedeemers(app.db, request.params.id),
  );
};
