import type { Challenge } from 'altcha-lib';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@bastion/db';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAltcha, DEFAULT_POW, type PowCost } from './altcha.ts';
import { pruneSpentCaptchas, spendCaptcha } from './captcha.repository.ts';
import { RECAPTCHA_TTL_SECONDS, verifyRecaptcha, type FetchLike } from './recaptcha.ts';

export interface CaptchaService {
  /** A signed ALTCHA challenge (altcha provider only). */
  challenge(): Promise<Challenge>;
  /** True once per solved captcha: a replayed, expired, forged or missing solution is false. */
  verify(token: string, ip: string): Promise<boolean>;
}

export interface CaptchaDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'jwtSecret' | 'captcha'>;
  log: FastifyBaseLogger;
  /** Replaced in tests so reCAPTCHA needs no network; looked up at call time by default. */
  fetch?: FetchLike;
  /** The ALTCHA proof of work per challenge; DEFAULT_POW unless the app is built with another. */
  pow?: PowCost;
}

export function createCaptchaService(deps: CaptchaDeps): CaptchaService {
  const { db, clock, config } = deps;
  const altcha = createAltcha(config.jwtSecret, deps.pow ?? DEFAULT_POW);
  const fetchImpl: FetchLike = deps.fetch ?? ((url, init) => globalThis.fetch(url, init));

  async function spendOnce(spendKey: string, expiresAt: Date): Promise<boolean> {
    const fresh = await spendCaptcha(db, spendKey, expiresAt);
    if (fresh) await pruneSpentCaptchas(db, clock.now());
    return fresh;
  }

  return {
    challenge: () => altcha.challenge(clock.now()),

    async verify(token, ip) {
      if (!token) return false;
      const now = clock.now();
      if (config.captcha.provider === 'recaptcha') {
        const result = await verifyRecaptcha(fetchImpl, config.captcha.secretKey ?? '', token, ip);
        if (!result) deps.log.info('reCAPTCHA verification failed');
        return result ? spendOnce(result.spendKey, new Date(now.getTime() + RECAPTCHA_TTL_SECONDS * 1000)) : false;
      }
      const result = await altcha.verify(token, now);
      return result ? spendOnce(result.spendKey, result.expiresAt) : false;
    },
  };
}
