import type { PublicProfileSection, PublicProfileSettings } from '@bastion/contract';

/** The setting that shows each public-profile section (R12). */
export const sectionSetting = (section: PublicProfileSection): keyof PublicProfileSettings => `show_${section}`;

export const SECTION_LABELS: Record<PublicProfileSection, string> = {
  points: 'Points, rank and streak',
  badges: 'Badges',
  challenges: 'Completed challenges',
  module_stats: 'Module progress',
  statistics: 'Learning statistics',
};
