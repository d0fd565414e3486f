import {
  DEFAULT_PUBLIC_PROFILE_SETTINGS,
  type Profile,
  type SignedInSession,
  type TwoFactorStatus,
} from '@bastion/contract';

export const USER_ID = '3f1c2f7a-5a7e-4c5b-9a43-2d1b0b7f9e10';

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: USER_ID,
    username: 'ada',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    country: 'GB',
    bio: 'Poet of numbers.',
    photo: null,
    is_premium: false,
    premium_until: null,
    points: 120,
    streak: 2,
    longest_streak: 5,
    rank: 3,
    date_joined: '2026-01-05T10:00:00Z',
    timezone: 'Europe/London',
    public_profile: { ...DEFAULT_PUBLIC_PROFILE_SETTINGS },
    ...overrides,
  };
}

export function twoFactorStatus(overrides: Partial<TwoFactorStatus> = {}): TwoFactorStatus {
  return { enabled: false, recovery_codes_left: 0, required: false, ...overrides };
}

export const THIS_SESSION_ID = '0b9f8a2e-1c3d-4e5f-8a7b-6c5d4e3f2a10';

export function signedInSession(overrides: Partial<SignedInSession> = {}): SignedInSession {
  const now = Date.now();
  return {
    id: THIS_SESSION_ID,
    device: 'Firefox 140 on Linux',
    ip: '203.0.113.7',
    created_at: new Date(now - 3 * 86_400_000).toISOString(),
    last_active: new Date(now - 30_000).toISOString(),
    current: true,
    ...overrides,
  };
}

/** Ten codes in the contract's shape, as `POST /api/users/2fa/confirm/` hands them out. */
export const RECOVERY_CODES = [
  'a1b2-c3d4',
  'e5f6-g7h8',
  'j9k0-m1n2',
  'p3q4-r5s6',
  't7u8-v9w0',
  'x1y2-z3a4',
  'b5c6-d7e8',
  'f9g0-h1j2',
  'k3m4-n5p6',
  'q7r8-s9t0',
];
