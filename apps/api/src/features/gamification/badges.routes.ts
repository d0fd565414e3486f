import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badgeListResponse,
  earnedBadge,
  lockedBadge,
  markBadgesSeenResponse,
  paged,
  pageQuery,
  unseenBadgesResponse,
} from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createBadgesService } from './badges.service.ts';

const secured = { tags: ['badges'], security: [{ bearer: [] }] };

/** The spec leaves mark-all-seen's payload open: no body, or an empty JSON object. */
const markSeenBody = z.strictObject({}).nullish();

/** The badge collection: all, earned, locked with progress, unseen, and collecting the unseen. */
export const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  const badges = createBadgesService({ db: app.db, clock: app.clock });

  app.get(
    '/api/badges/list/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: badgeListResponse } } },
    async (request) => badges.list(currentUser(request).userId),
  );

  app.get(
    '/api/badges/earned/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: pageQuery, response: { 200: paged(earnedBadge) } },
    },
    async (request) => badges.earned(currentUser(request).userId, request.query, request.url),
  );

  app.get(
    '/api/badges/locked/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, querystring: pageQuery, response: { 200: paged(lockedBadge) } },
    },
    async (request) => badges.locked(currentUser(request).userId, request.query, request.url),
  );

  app.get(
    '/api/badges/unseen/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: unseenBadgesResponse } } },
    async (request) => badges.unseen(currentUser(request).userId),
  );

  app.post(
    '/api/badges/mark-all-seen/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, body: markSeenBody, response: { 200: markBadgesSeenResponse } },
    },
    async (request) => badges.markAllSeen(currentUser(request).userId),
  );
};
