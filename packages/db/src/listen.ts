import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Where the triggers of migration 0006 announce the ids of learners whose data changed ('*': everyone). */
export const LEARNER_CHANGES_CHANNEL = 'bastion_learner_changes';

export interface ListenHandlers {
  /** A payload sent on the channel, delivered after its transaction committed. */
  message(payload: string): void;
  /** true once listening; false when the listener is lost (messages may be missed until it is back). */
  state(listening: boolean): void;
}

/** Stops listening; the listener reports `state(false)` first. */
export type StopListening = () => Promise<void>;

/**
 * PGlite delivers a notification to its listeners before the committing query resolves, so a reader that
 * awaits a write sees its announcement already handled.
 */
export async function listenPglite(pglite: PGlite, channel: string, handlers: ListenHandlers): Promise<StopListening> {
  const unsubscribe = await pglite.listen(channel, handlers.message);
  handlers.state(true);
  return async () => {
    handlers.state(false);
    if (!pglite.closed) await unsubscribe();
  };
}

export interface PostgresListenOptions {
  /** How often the listening connection is asked to answer; one that does not within `heartbeatMs` is replaced. */
  heartbeatMs?: number;
  /** Wait before reconnecting a lost listener. */
  retryMs?: number;
}

/**
 * One dedicated connection LISTENs (a pooled one would be handed to queries). A connection that errors,
 * ends or stops answering the heartbeat is reported lost and replaced: the heartbeat is what gets a hung
 * connection reconnected. Whether messages really arrive is the caller's to check (a pooler may accept
 * LISTEN and deliver nothing).
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: PostgresListenOptions = {},
): Promise<StopListening> {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const retryMs = options.retryMs ?? 1_000;
  let stopped = false;
  let current: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current === client) {
      current = null;
      clearInterval(heartbeat);
      handlers.state(false);
    }
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (!stopped && !retry) retry = setTimeout(connect, retryMs);
  };

  async function connect(): Promise<void> {
    retry = undefined;
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: heartbeatMs });
    let gone = false;
    const drop = () => {
      if (gone) return;
      gone = true;
      lost(client);
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (note) => {
      if (note.channel === channel) handlers.message(note.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      drop();
      return;
    }
    if (stopped || gone) {
      if (!gone) await client.end().catch(() => undefined);
      return;
    }
    current = client;
    handlers.state(true);
    heartbeat = setInterval(() => {
      const answered = client.query('SELECT 1');
      const late = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no answer')), heartbeatMs).unref(),
      );
      Promise.race([answered, late]).catch(drop);
    }, heartbeatMs);
    heartbeat.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const client = current;
    current = null;
    if (client) {
      handlers.state(false);
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  };
}
