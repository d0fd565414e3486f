import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireLapsedPremium } from './premium.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    premiumExpiry: {
      /** Ends every lapsed premium period now and notifies its learner (the timer calls this; tests too). */
      sweep(): Promise<number>;
    };
  }
}

/** Runs the premium expiry sweep in every instance; SKIP LOCKED keeps instances from doubling up. */
export interface PremiumExpiryOptions {
  /** How often the sweep runs; 0 runs it only when called. */
  intervalMs: number;
}

export const premiumExpiryPlugin = fp(async (app: FastifyInstance, options: PremiumExpiryOptions) => {
  let running: Promise<number> | null = null;
  const sweep = () => {
    running ??= expireLapsedPremium(app.db, app.clock.now()).finally(() => {
      running = null;
    });
    return running;
  };
  app.decorate('premiumExpiry', { sweep });

  const { intervalMs } = options;
  let timer: NodeJS.Timeout | undefined;
  if (intervalMs > 0) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        sweep().catch((error: unknown) => app.log.error({ err: error }, 'premium expiry sweep failed'));
      }, intervalMs);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
});
