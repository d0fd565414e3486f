import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pageQuery,
  publicBadgesResponse,
  publicChallengesResponse,
  publicModuleStatsResponse,
  publicPoints,
  publicProfileBasic,
  publicProfileParams,
  publicProfileResponse,
  publicStatistics,
} from '@bastion/contract';
import { createPublicProfileService } from './public-profile.service.ts';

const base = '/api/users/profile/public/:username';
const open = { tags: ['public profile'], params: publicProfileParams };

/** Public profiles: no auth; each section answers the same 404 as an unknown user when the owner hides it. */
export const publicProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = createPublicProfileService({ db: app.db, clock: app.clock });

  app.get(`${base}/`, { schema: { ...open, response: { 200: publicProfileResponse } } }, async (request) =>
    profiles.profile(request.params.username),
  );
  app.get(`${base}/basic/`, { schema: { ...open, response: { 200: publicProfileBasic } } }, async (request) =>
    profiles.basic(request.params.username),
  );
  app.get(`${base}/points/`, { schema: { ...open, response: { 200: publicPoints } } }, async (request) =>
    profiles.points(request.params.username),
  );
  app.get(
    `${base}/badges/`,
    { schema: { ...open, querystring: pageQuery, response: { 200: publicBadgesResponse } } },
    async (request) => profiles.badges(request.params.username, request.query, request.url),
  );
  app.get(
    `${base}/challenges/`,
    { schema: { ...open, response: { 200: publicChallengesResponse } } },
    async (request) => profiles.challenges(request.params.username),
  );
  app.get(
    `${base}/module-stats/`,
    { schema: { ...open, querystring: pageQuery, response: { 200: publicModuleStatsResponse } } },
    async (request) => profiles.moduleStats(request.params.username, request.query, request.url),
  );
  app.get(`${base}/statistics/`, { schema: { ...open, response: { 200: publicStatistics } } }, async (request) =>
    profiles.statistics(request.params.username),
  );
};
