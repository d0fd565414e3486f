import { asc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { mailOutbox, type Db } from '@bastion/db';
import type { App } from '../src/app.ts';
import { login, post } from './accounts.ts';
import type { TestClock } from './clock.ts';

/** The authenticator code for `key` at `at`, as an app would show it. */
export function totpCode(key: string, at: Date): string {
  return TOTP.generate({
    secret: Secret.fromBase32(key),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });
}

/**
 * A fresh code: moves the test clock on one 30-second step first, since a code of a step already used
 * (by the confirmation or an earlier sign-in) is refused as a replay.
 */
export function nextCode(key: string, clock: TestClock): string {
  clock.advance(30_000);
  return totpCode(key, clock.now());
}

export interface TwoFactorOn {
  key: string;
  recoveryCodes: string[];
}

/** Turns two-factor sign-in on through the API for the learner signed in with `authorization`. */
export async function enableTwoFactor(
  app: App,
  clock: TestClock,
  authorization: string,
  password: string,
): Promise<TwoFactorOn> {
  const setup = await post(app, '/api/users/2fa/setup/', { password }, { authorization });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const key: string = setup.json().secret;
  const code = totpCode(key, clock.now());
  const confirm = await post(app, '/api/users/2fa/confirm/', { password, code }, { authorization });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { key, recoveryCodes: confirm.json().recovery_codes };
}

/** The password step of an account with two-factor sign-in: its ticket. */
export async function loginTicket(
  app: App,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await login(app, username, password, headers);
  const body = response.json();
  if (response.statusCode !== 200 || body.two_factor_required !== true) {
    throw new Error(`expected a two-factor challenge: ${response.statusCode} ${response.body}`);
  }
  return body.ticket;
}

export function secondStep(app: App, ticket: string, code: string, headers: Record<string, string> = {}) {
  return post(app, '/api/users/login/2fa/', { ticket, code }, headers);
}

/** The mails queued for `to`, oldest first, with their subjects and texts (the queue keeps a body until it is sent). */
export async function queuedMails(db: Db, to: string): Promise<{ subject: string; text: string }[]> {
  return db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}
