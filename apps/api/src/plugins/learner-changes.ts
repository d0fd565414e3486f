import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { LEARNER_CHANGES_CHANNEL } from '@bastion/db';
import { LearnerChanges } from '../lib/learner-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which learners' cached data no longer counts (see lib/learner-cache.ts). */
    learnerChanges: LearnerChanges;
    /** Resolves once every change committed before the call has been announced to this instance. */
    settleLearnerChanges: () => Promise<void>;
  }
}

const SETTLE_PREFIX = 'settle:';
const SETTLE_TIMEOUT_MS = 2_000;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Listens to the database's learner-change announcements for this instance's caches. A learner's own
 * request that changes something also drops their entries before its response leaves, so the next call
 * they make here reads their write even before the announcement arrives.
 */
export const learnerChangesPlugin = fp(async (app: FastifyInstance) => {
  const changes = new LearnerChanges();
  const settling = new Map<string, () => void>();
  let settleCount = 0;

  const stop = await app.database.listen(LEARNER_CHANGES_CHANNEL, {
    message(payload) {
      if (payload.startsWith(SETTLE_PREFIX)) settling.get(payload)?.();
      else changes.announce(payload);
    },
    state: (listening) => changes.setListening(listening),
  });
  app.addHook('onClose', async () => {
    await stop();
  });

  app.decorate('learnerChanges', changes);
  app.decorate('settleLearnerChanges', async () => {
    // Announcements arrive in commit order: once this one is back, every earlier one has been applied.
    const token = `${SETTLE_PREFIX}${process.pid}:${(settleCount += 1)}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      settling.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      await app.db.execute(sql`select pg_notify(${LEARNER_CHANGES_CHANNEL}, ${token})`);
      if (!(await arrived)) changes.everyoneChanged();
    } finally {
      clearTimeout(timer);
      settling.delete(token);
    }
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.auth && !READ_ONLY_METHODS.has(request.method)) changes.changed([request.auth.userId]);
    done(null, payload);
  });
});
