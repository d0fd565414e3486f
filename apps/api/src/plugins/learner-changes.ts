// Decision 0015: caches kept exact by the database's notifications, used only while they arrive.
import { randomUUID } from 'node:crypto';
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
const HEARTBEAT_MS = 10_000;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Listens to the database's learner-change announcements for this instance's caches. A learner's own
 * request that changes something also drops their entries before its response leaves, so the next call
 * they make here reads their write even before the announcement arrives.
 *
 * The caches are trusted only while announcements are seen to arrive: when the listener connects, and
 * every HEARTBEAT_MS after, one is sent and must come back. A connection that is up but hears nothing (a
 * pooler that drops LISTEN, say) leaves every read on the database.
 */
export const learnerChangesPlugin = fp(async (app: FastifyInstance) => {
  const changes = new LearnerChanges();
  const instance = randomUUID();
  const settling = new Map<string, () => void>();
  let settleCount = 0;
  let connected = false;
  let registered = false;

  /** Sends an announcement and waits for it: true when it arrived, so every earlier one has been applied. */
  async function roundTrip(): Promise<boolean> {
    // Announcements arrive in commit order.
    const token = `${SETTLE_PREFIX}${instance}:${(settleCount += 1)}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      settling.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      await app.db.execute(sql`select pg_notify(${LEARNER_CHANGES_CHANNEL}, ${token})`);
      return await arrived;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      settling.delete(token);
    }
  }

  async function checkHearing(): Promise<void> {
    const hearing = connected && (await roundTrip());
    if (hearing === changes.listening) return;
    if (!hearing && connected) app.log.warn('learner-change announcements do not arrive: caches off');
    changes.setListening(hearing && connected);
  }

  const stop = await app.database.listen(LEARNER_CHANGES_CHANNEL, {
    message(payload) {
      if (payload.startsWith(SETTLE_PREFIX)) settling.get(payload)?.();
      else changes.announce(payload);
    },
    state(listening) {
      connected = listening;
      // The first connection is checked below, once; later ones (reconnections) here.
      if (listening && registered) void checkHearing();
      else if (!listening && changes.listening) changes.setListening(false);
    },
  });
  registered = true;
  await checkHearing();
  const heartbeat = setInterval(() => void checkHearing(), HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await stop();
  });

  app.decorate('learnerChanges', changes);
  app.decorate('settleLearnerChanges', async () => {
    if (!(await roundTrip())) changes.everyoneChanged();
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.auth && !READ_ONLY_METHODS.has(request.method)) changes.changed([request.auth.userId]);
    done(null, payload);
  });
});
