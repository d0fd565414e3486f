import { solveAltcha, type AltchaChallenge } from '@bastion/test-kit';
import type { App } from '../src/app.ts';
import type { PowCost } from '../src/features/captcha/altcha.ts';

/** A proof of work tests solve quickly in Node, one thread at a time (the app's default takes a browser). */
export const CHEAP_POW: PowCost = { iterations: 10, counterMin: 10, counterMax: 60 };

/** Fetches a challenge from the app and solves it, returning what the widget would post. */
export async function solveCaptcha(app: App): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
  if (response.statusCode !== 200) throw new Error(`challenge: HTTP ${response.statusCode}`);
  return solveAltcha(response.json() as AltchaChallenge);
}
