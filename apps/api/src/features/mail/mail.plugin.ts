import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailTransport, type MailTransport } from './mail.transport.ts';
import { deliverDueMail, forgetFinishedMailBodies } from './mail.queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** Sends every mail that is due now (the worker calls this; tests call it to flush). */
      flush(): Promise<number>;
    };
  }
}

export interface MailPluginOptions {
  transport?: MailTransport;
  /** Poll interval of the background worker; 0 disables it (tests flush by hand). */
  pollMs: number;
}

export const mailPlugin = fp<MailPluginOptions>(async (app: FastifyInstance, options) => {
  const transport =
    options.transport ??
    createMailTransport({
      transport: app.config.mailTransport,
      smtpUrl: app.config.smtpUrl,
      dataDir: app.config.dataDir,
      log: app.log,
    });
  if (app.config.env === 'production' && app.config.mailTransport === 'outbox') {
    app.log.warn(`MAIL_TRANSPORT=outbox: mail is only written to ${app.config.dataDir}/outbox/, never delivered`);
  }
  let running: Promise<number> | null = null;
  const flush = async () => {
    // One pass at a time per instance; parallel instances are kept apart by SKIP LOCKED.
    running ??= (async () => {
      let total = 0;
      try {
        for (let sent = -1; sent !== 0;) {
          sent = await deliverDueMail(app.db, transport, app.config.mailFrom, app.log);
          total += sent;
        }
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  };
  app.decorate('mail', { flush });

  app.addHook('onReady', () => forgetFinishedMailBodies(app.db));
  let timer: NodeJS.Timeout | undefined;
  if (options.pollMs > 0) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        flush().catch((error: unknown) => app.log.error({ err: error }, 'mail worker pass failed'));
      }, options.pollMs);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
    transport.close();
  });
});
