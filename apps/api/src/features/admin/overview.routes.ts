import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewQuery, overviewResponse, type Overview } from '@bastion/contract';
import { dayRange } from '../../lib/day-range.ts';
import * as repo from './overview.repository.ts';

const RANKED = 5;
const schema = { tags: ['admin'], security: [{ bearer: [] }] };

/** The console's overview: how many learn, what they finish, where they stumble, what they say. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/overview/',
    { schema: { ...schema, querystring: overviewQuery, response: { 200: overviewResponse } } },
    async (request): Promise<Overview> => {
      const now = app.clock.now();
      const range = dayRange(now, request.query.days);
      const db = app.db;
      const [learners, newLearners, completions, solves, hints, most, least, missed, missedSteps, ratings] =
        await Promise.all([
          repo.learnerCounts(db, now),
          repo.newLearners(db, range),
          repo.moduleCompletionsPerDay(db, range),
          repo.challengeSolvesPerDay(db, range),
          repo.hintsPerDay(db, range),
          repo.modulesByCompletions(db, 'desc', RANKED),
          repo.modulesByCompletions(db, 'asc', RANKED),
          repo.mostMissedQuizzes(db, RANKED),
          repo.mostMissedSteps(db, RANKED),
          repo.feedbackRatings(db, range),
        ]);
      return {
        days: request.query.days,
        learners,
        new_learners: newLearners,
        module_completions: completions,
        challenge_solves: solves,
        hints_taken: hints,
        most_finished_modules: most,
        least_finished_modules: least,
        most_missed_quizzes: missed,
        most_missed_steps: missedSteps,
        feedback_ratings: ratings,
      };
    },
  );
};
