import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pageQuery,
  pointsHistoryResponse,
  type Paged,
  type PageQuery,
  type PointsHistoryItem,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as repo from './points.repository.ts';

/** The learner's points ledger, newest first. */
export async function pointsHistory(
  db: Db,
  userId: string,
  query: PageQuery,
  url: string,
): Promise<Paged<PointsHistoryItem>> {
  const [rows, total] = await Promise.all([
    repo.listLedger(db, userId, pageWindow(query)),
    repo.countLedger(db, userId),
  ]);
  const results = rows.map((row) => ({
    id: row.id,
    points: row.points,
    reason: row.reason,
    source_type: row.sourceType,
    created_at: row.createdAt.toISOString(),
  }));
  return pagedResponse(results, total, query, url);
}

export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/points/pointshistory/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['points'],
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: { 200: pointsHistoryResponse },
      },
    },
    async (request) => pointsHistory(app.db, currentUser(request).userId, request.query, request.url),
  );
};
