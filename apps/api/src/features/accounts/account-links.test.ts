import { describe, expect, it } from 'vitest';
import { createAccountLinks, decodeUid, encodeUid, type LinkSubject } from './account-links.ts';

const links = createAccountLinks('a-secret-that-is-long-enough-for-the-tests');
const user: LinkSubject = {
  id: '3f0c2c1e-8a4b-4c1d-9e2f-0123456789ab',
  email: 'ada@example.test',
  passwordHash: '$argon2id$v=19$hash-one',
  isVerified: false,
  lastLogin: null,
};
const now = new Date('2026-03-01T12:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('uidb64', () => {
  it('is base64url of the id text and decodes back only to a UUID', () => {
    expect(encodeUid(user.id)).toBe(Buffer.from(user.id).toString('base64url'));
    expect(decodeUid(encodeUid(user.id))).toBe(user.id);
    expect(decodeUid(Buffer.from('42').toString('base64url'))).toBeNull();
    expect(decodeUid('***')).toBeNull();
  });
});

describe('account links', () => {
  it('verification links die once used, on password or email change and after 3 days', () => {
    const token = links.make('verify-email', user, now);
    expect(links.check('verify-email', user, token, later(60))).toBe(true);
    expect(links.check('verify-email', { ...user, isVerified: true }, token, later(60))).toBe(false);
    expect(links.check('verify-email', { ...user, passwordHash: 'other' }, token, later(60))).toBe(false);
    expect(links.check('verify-email', { ...user, email: 'eve@example.test' }, token, later(60))).toBe(false);
    expect(links.check('verify-email', user, token, later(3 * 86_400 - 1))).toBe(true);
    expect(links.check('verify-email', user, token, later(3 * 86_400 + 1))).toBe(false);
  });

  it('reset links die after an hour, on password change and on a later sign-in', () => {
    const token = links.make('reset-password', user, now);
    expect(links.check('reset-password', user, token, later(3599))).toBe(true);
    expect(links.check('reset-password', user, token, later(3601))).toBe(false);
    expect(links.check('reset-password', { ...user, passwordHash: 'new' }, token, later(1))).toBe(false);
    expect(links.check('reset-password', { ...user, lastLogin: later(1) }, token, later(2))).toBe(false);
  });

  it('keeps purposes and secrets apart and refuses malformed tokens', () => {
    const token = links.make('verify-email', user, now);
    expect(links.check('reset-password', user, token, now)).toBe(false);
    expect(createAccountLinks('another-secret-entirely-different').check('verify-email', user, token, now)).toBe(false);
    for (const bad of ['', '-', 'abc', `${token}x`, token.replace('-', '.'), `zzzzzzzzzzz-${token.split('-')[1]}`]) {
      expect(links.check('verify-email', user, bad, now), bad).toBe(false);
    }
  });
});
