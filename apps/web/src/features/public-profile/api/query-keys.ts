import type { PublicProfileSection } from '@bastion/contract';

/** Everything under ['public-profile'], so a change to the owner's settings refreshes it in one go. */
export const publicProfileKeys = {
  all: ['public-profile'] as const,
  profile: (username: string) => ['public-profile', username] as const,
  section: (username: string, section: PublicProfileSection, page?: number) =>
    page === undefined
      ? (['public-profile', username, section] as const)
      : (['public-profile', username, section, page] as const),
};

/** `/api/users/profile/public/{username}/` and its sections (R12): `points`, `badges`, `module-stats`… */
export function publicProfilePath(username: string, section = ''): string {
  return `/api/users/profile/public/${encodeURIComponent(username)}/${section ? `${section}/` : ''}`;
}
