import { DEFAULT_PUBLIC_PROFILE_SETTINGS, type Profile } from '@bastion/contract';

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
