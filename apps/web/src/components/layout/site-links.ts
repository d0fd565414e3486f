/**
 * Outward links of the public site. Operators set their own addresses at build time
 * (VITE_SUPPORT_EMAIL, VITE_SOCIAL_X, …); the defaults point at each network's front page.
 */
const env = import.meta.env;

export const SUPPORT_EMAIL: string = env.VITE_SUPPORT_EMAIL || 'support@localhost';

export const SOCIAL_LINKS = {
  x: env.VITE_SOCIAL_X || 'https://x.com/',
  instagram: env.VITE_SOCIAL_INSTAGRAM || 'https://www.instagram.com/',
  linkedin: env.VITE_SOCIAL_LINKEDIN || 'https://www.linkedin.com/',
  telegram: env.VITE_SOCIAL_TELEGRAM || 'https://t.me/',
  discord: env.VITE_SOCIAL_DISCORD || 'https://discord.com/',
} as const;

/** Sections of the home page the public top bar scrolls to (spec §2). */
export const HOME_SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'forum', label: 'Forum' },
  { id: 'what-we-do', label: 'What We Do' },
  { id: 'demos', label: 'Demos' },
] as const;
export type HomeSectionId = (typeof HOME_SECTIONS)[number]['id'];

/** Pages of the public site linked from the top bar. */
export const PAGE_LINKS = [
  { to: '/contact', label: 'Contact' },
  { to: '/pricing', label: 'Pricing' },
] as const;
