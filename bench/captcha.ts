import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** `GET /api/captcha/challenge/`'s answer. */
export type AltchaChallenge = Challenge;

/** Solves an ALTCHA challenge with altcha-lib: the payload the widget would post as `recaptchaToken`. */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The captcha challenge was not solved.');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Fetches the server's challenge and solves it. */
export async function solveCaptcha(base: string): Promise<string> {
  return solveAltcha((await (await fetch(`${base}/api/captcha/challenge/`)).json()) as AltchaChallenge);
}
