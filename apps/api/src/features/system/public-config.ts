import { APP_VERSION, type PublicConfig } from '@bastion/contract';
import type { Config } from '../../config.ts';

/** `GET /api/config/`: what the web app may know of the server's settings. */
export function publicConfig(
  config: Pick<Config, 'captcha' | 'stripe' | 'supportEmail' | 'appUrl' | 'community'>,
): PublicConfig {
  const { captcha, stripe, supportEmail, appUrl, community } = config;
  return {
    version: APP_VERSION,
    captcha: {
      provider: captcha.provider,
      site_key: captcha.provider === 'recaptcha' ? (captcha.siteKey ?? null) : null,
      challenge_url: captcha.provider === 'altcha' ? '/api/captcha/challenge/' : null,
    },
    payments_enabled: Boolean(stripe),
    support_email: supportEmail,
    site_url: appUrl,
    community,
  };
}
