import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { App } from '../src/app.ts';
import type { PowCost } from '../src/features/captcha/altcha.ts';

/** A proof of work tests solve quickly in Node, one thread at a time (the app's default takes a browser). */
export const CHEAP_POW: PowCost = { iterations: 10, counterMin: 10, counterMax: 60 };

/** Fetches a challenge from the app and solves it with altcha-lib, returning what the widget would post. */
export async function solveCaptcha(app: App): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
  if (response.statusCode !== 200) throw new Error(`challenge: HTTP ${response.statusCode}`);
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}
