import { APP_NAME, type CommunityLinks } from '@bastion/contract';

const NO_LINKS: CommunityLinks = { discord: null, telegram: null, x: null, instagram: null, linkedin: null };

/** The operator's configured links (null: not set, hidden); none while the configuration loads. */
export function communityLinks(config: { community: CommunityLinks } | undefined): CommunityLinks {
  return config?.community ?? NO_LINKS;
}

/**
 * R2 gives the footer a Telegram link. Without a configured channel it offers to share the site on
 * Telegram rather than sending the visitor to Telegram's front page.
 */
export function telegramShareUrl(siteUrl: string): string {
  const params = new URLSearchParams({ url: siteUrl, text: `${APP_NAME}: hands-on cybersecurity training` });
  return `https://t.me/share/url?${params.toString()}`;
}
