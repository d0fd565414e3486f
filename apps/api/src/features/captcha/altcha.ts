import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

export const CAPTCHA_TTL_SECONDS = 5 * 60;
const ALGORITHM = 'PBKDF2/SHA-256';

/** Proof-of-work size: the solver tries counters from 0 up to a secret one between min and max. */
export interface PowCost {
  iterations: number;
  counterMin: number;
  counterMax: number;
}
/** A browser (WebCrypto, several workers) finds the counter in about 0.1–0.3 s. */
export const DEFAULT_POW: PowCost = { iterations: 200, counterMin: 1_000, counterMax: 4_000 };

/** What the `altcha` widget v3 posts: base64 of `{challenge: {parameters, signature}, solution}`. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({ algorithm: z.literal(ALGORITHM), nonce: z.string().regex(/^[0-9a-f]{16,128}$/), expiresAt: z.number() })
      .loose(),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

export interface VerifiedAltcha {
  /** A value unique to the challenge, recorded so the solution is accepted once. */
  spendKey: string;
  expiresAt: Date;
}

export function createAltcha(jwtSecret: string, cost: PowCost) {
  // Own secrets, derived from the JWT secret, so a captcha signature can never double as anything else.
  const derive = (label: string) => createHmac('sha256', jwtSecret).update(`bastion:altcha:${label}`).digest('hex');
  const hmacSignatureSecret = derive('challenge-signature');
  const hmacKeySignatureSecret = derive('key-signature');

  return {
    async challenge(now: Date): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: cost.iterations,
        counter: randomInt(cost.counterMax, cost.counterMin),
        deriveKey,
        expiresAt: Math.floor(now.getTime() / 1000) + CAPTCHA_TTL_SECONDS,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /** Checks signature, expiry (against `now`) and the proof of work. Null when any fails. */
    async verify(token: string, now: Date): Promise<VerifiedAltcha | null> {
      const parsed = payloadSchema.safeParse(decodePayload(token));
      if (!parsed.success) return null;
      const { challenge, solution } = parsed.data;
      if (challenge.parameters.expiresAt * 1000 <= now.getTime()) return null;
      const result = await verifySolution({
        challenge: challenge as unknown as Challenge,
        solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) return null;
      return {
        spendKey: `altcha:${challenge.parameters.nonce}`,
        expiresAt: new Date(challenge.parameters.expiresAt * 1000),
      };
    },
  };
}

function decodePayload(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
}
