/** Sections of the home page the public top bar scrolls to (R2). */
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
