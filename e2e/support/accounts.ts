import { solveCaptcha } from '@bastion/test-kit';
import { waitForMail } from './mail.ts';
import { baseUrl, url } from './server.ts';

export interface Learner {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  country: string;
}

/** The pair `POST /api/users/login/` hands out, stored by the web app under `bastion.tokens`. */
export interface Tokens {
  access: string;
  refresh: string;
}

let sequence = 0;

/** A learner nobody has used yet in this run (username and email unique per process and moment). */
export function newLearner(prefix = 'learner'): Learner {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
  return {
    username: `${prefix}_${stamp}`.slice(0, 30),
    email: `${prefix}-${stamp}@example.com`,
    password: 'a-long-and-unusual-passphrase',
    first_name: 'Ada',
    last_name: 'Lovelace',
    country: 'GB',
  };
}

async function postJson(pathname: string, body: unknown): Promise<Response> {
  return fetch(url(pathname), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Signs the learner up through the API only (no verification). */
export async function signUp(learner: Learner): Promise<void> {
  const response = await postJson('/api/users/signup/', {
    username: learner.username,
    email: learner.email,
    first_name: learner.first_name,
    last_name: learner.last_name,
    country: learner.country,
    password1: learner.password,
    password2: learner.password,
  });
  if (response.status !== 201) throw new Error(`signup: HTTP ${response.status} ${await response.text()}`);
}

/** The verification link of the newest mail to `email` (`APP_URL/verify-email/{uidb64}/{token}`). */
export async function verificationLink(email: string): Promise<string> {
  const mail = await waitForMail(email);
  const link = mail.links.find((l) => l.startsWith(`${baseUrl()}/verify-email/`));
  if (!link) throw new Error(`No verification link in the mail to ${email}: ${mail.links.join(', ')}`);
  return link;
}

/** Signs up through the API and verifies through the emailed link: a learner who can sign in. */
export async function createVerifiedLearner(prefix?: string): Promise<Learner> {
  const learner = newLearner(prefix);
  await signUp(learner);
  const [uidb64, token] = new URL(await verificationLink(learner.email)).pathname.split('/').slice(2);
  const response = await fetch(url(`/api/users/verify-email/${uidb64}/${token}/`));
  if (response.status !== 200) throw new Error(`verify-email: HTTP ${response.status} ${await response.text()}`);
  return learner;
}

/** Signs in through the API with a captcha solved in Node: the tokens the login page would store. */
export async function signInViaApi(learner: Pick<Learner, 'username' | 'password'>): Promise<Tokens> {
  const response = await postJson('/api/users/login/', {
    username: learner.username,
    password: learner.password,
    recaptchaToken: await solveCaptcha(baseUrl()),
  });
  if (response.status !== 200) throw new Error(`login: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}
