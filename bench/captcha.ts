import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

/** `GET /api/captcha/challenge/`'s answer. */
export interface AltchaChallenge {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength?: number; keyPrefix: string };
  signature: string;
}

const DIGESTS: Record<string, string> = {
  'PBKDF2/SHA-256': 'sha256',
  'PBKDF2/SHA-384': 'sha384',
  'PBKDF2/SHA-512': 'sha512',
};

/**
 * Solves an ALTCHA challenge as the widget does (see e2e/support/accounts.ts): the payload it would post as
 * `recaptchaToken`.
 */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  const digest = DIGESTS[algorithm];
  if (!digest) throw new Error(`Unsupported captcha algorithm ${algorithm}`);
  const nonceBytes = Buffer.from(nonce, 'hex');
  for (let counter = 0; counter < 1_000_000; counter++) {
    const password = Buffer.alloc(nonceBytes.length + 4);
    nonceBytes.copy(password);
    password.writeUInt32BE(counter, nonceBytes.length);
    const key = (await pbkdf2Async(password, Buffer.from(salt, 'hex'), cost, keyLength, digest)).toString('hex');
    if (key.startsWith(keyPrefix.toLowerCase())) {
      const payload = {
        challenge: { parameters: challenge.parameters, signature: challenge.signature },
        solution: { counter, derivedKey: key },
      };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('The captcha challenge was not solved.');
}

/** Fetches the server's challenge and solves it. */
export async function solveCaptcha(base: string): Promise<string> {
  return solveAltcha((await (await fetch(`${base}/api/captcha/challenge/`)).json()) as AltchaChallenge);
}
