import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  challengeAnswerBody,
  challengeAnswerResponse,
  challengeCategoriesResponse,
  challengeContentResponse,
  challengeDetail,
  challengeHintResponse,
  challengeHistoryResponse,
  challengeLeaderboardResponse,
  challengeListQuery,
  challengeListResponse,
  challengeProgressResponse,
  challengeStartResponse,
  challengeStepParams,
  challengeWriteupResponse,
  completedChallengeResponse,
  idParams,
  pageQuery,
} from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createChallengeRecordsService } from './challenge-records.service.ts';
import { createLabSecrets } from '../integrity/lab-secrets.service.ts';
import { createAnswerLog } from '../submissions/answer-log.ts';
import { createChallengesService } from './challenges.service.ts';

const secured = { tags: ['challenges'], security: [{ bearer: [] }] };

/** Challenges (R15). */
export const challengesRoutes: FastifyPluginAsyncZod = async (app) => {
  const labSecrets = createLabSecrets({ db: app.db, clock: app.clock, key: app.config.labSecretKey });
  const answerLog = createAnswerLog({ db: app.db, clock: app.clock, key: app.config.labSecretKey, labSecrets });
  const challenges = createChallengesService({
    db: app.db,
    clock: app.clock,
    throttle: app.throttle,
    labSecrets,
    answerLog,
  });
  const records = createChallengeRecordsService({ db: app.db });
  const auth = { preHandler: app.authenticate };

  app.get(
    '/api/challenges/',
    { ...auth, schema: { ...secured, querystring: challengeListQuery, response: { 200: challengeListResponse } } },
    async (request) => challenges.list(currentUser(request).userId, request.query),
  );

  app.get(
    '/api/challenges/categories/',
    { ...auth, schema: { ...secured, response: { 200: challengeCategoriesResponse } } },
    async () => challenges.categories(),
  );

  app.get(
    '/api/challenges/history/',
    { ...auth, schema: { ...secured, querystring: pageQuery, response: { 200: challengeHistoryResponse } } },
    async (request) => records.history(currentUser(request).userId, request.query, request.url),
  );

  app.get(
    '/api/challenges/completed_challenge/:id/',
    { schema: { tags: ['challenges'], params: idParams, response: { 200: completedChallengeResponse } } },
    async (request) => records.completion(request.params.id),
  );

  app.get(
    '/api/challenges/:id/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: challengeDetail } } },
    async (request) => challenges.detail(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/challenges/:id/view-content/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: challengeContentResponse } } },
    async (request) => challenges.content(currentUser(request).userId, request.params.id),
  );

  app.post(
    '/api/challenges/:id/start/',
    {
      ...auth,
      schema: { ...secured, params: idParams, response: { 200: challengeStartResponse, 201: challengeStartResponse } },
    },
    async (request, reply) => {
      const { created, started_at } = await challenges.start(currentUser(request).userId, request.params.id);
      return reply.code(created ? 201 : 200).send({ started_at });
    },
  );

  app.post(
    '/api/challenges/:id/step/:n/',
    {
      ...auth,
      schema: {
        ...secured,
        params: challengeStepParams,
        body: challengeAnswerBody,
        response: { 200: challengeAnswerResponse },
      },
    },
    async (request) =>
      challenges.answer(
        currentUser(request).userId,
        request.params.id,
        request.params.n,
        request.body.answer,
        request.ip,
      ),
  );

  app.post(
    '/api/challenges/:id/step/:n/hint/',
    { ...auth, schema: { ...secured, params: challengeStepParams, response: { 200: challengeHintResponse } } },
    async (request) => challenges.hint(currentUser(request).userId, request.params.id, request.params.n),
  );

  app.get(
    '/api/challenges/:id/progress/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: challengeProgressResponse } } },
    async (request) => challenges.progress(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/challenges/:id/writeup/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: challengeWriteupResponse } } },
    async (request) => challenges.writeup(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/challenges/:id/leaderboard/',
    { ...auth, schema: { ...secured, params: idParams, response: { 200: challengeLeaderboardResponse } } },
    async (request) => challenges.leaderboard(currentUser(request).userId, request.params.id),
  );
};
