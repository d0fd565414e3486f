import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** `GET /api/captcha/challenge/`'s answer. */
export type AltchaChallenge = Challenge;

/**
 * Solves an ALTCHA challenge in Node with altcha-lib, as the widget does in the browser: the payload the widget
 * would post as `recaptchaToken`.
 */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The captcha challenge was not solved.');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Fetches the challenge of the server at `base` (`http://host:port`) and solves it. */
export async function solveCaptcha(base: string): Promise<string> {
  const response = await fetch(`${base}/api/captcha/challenge/`);
  if (response.status !== 200) throw new Error(`captcha challenge: HTTP ${response.status}`);
  return solveAltcha((await response.json()) as AltchaChallenge);
}
