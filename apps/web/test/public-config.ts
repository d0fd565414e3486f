import type { CommunityLinks, PublicConfig } from '@bastion/contract';
import { http, HttpResponse } from 'msw';

export const NO_COMMUNITY_LINKS: CommunityLinks = {
  discord: null,
  telegram: null,
  x: null,
  instagram: null,
  linkedin: null,
};

export const PUBLIC_CONFIG: PublicConfig = {
  version: '1.0.0',
  captcha: { provider: 'altcha', site_key: null, challenge_url: '/api/captcha/challenge/' },
  payments_enabled: false,
  support_email: 'support@bastion.test',
  site_url: 'https://bastion.test',
  community: NO_COMMUNITY_LINKS,
};

/** `GET /api/config/` for every page that shows the footer; a test passes what it configures. */
export function publicConfigHandler(overrides: Partial<PublicConfig> = {}) {
  return http.get('*/api/config/', () => HttpResponse.json({ ...PUBLIC_CONFIG, ...overrides }));
}
