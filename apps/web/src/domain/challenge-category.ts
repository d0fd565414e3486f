import { isKnownCategory, type KnownChallengeCategory } from '@bastion/contract';

const CATEGORY_LABELS: Record<KnownChallengeCategory, string> = {
  web: 'Web',
  crypto: 'Crypto',
  forensics: 'Forensics',
  osint: 'OSINT',
  linux: 'Linux',
  network: 'Network',
  reverse: 'Reverse engineering',
};

/** A category in words: a known one by its label, one an imported pack brought from its key (`web-3` → "Web 3"). */
export function categoryLabel(category: string): string {
  if (isKnownCategory(category)) return CATEGORY_LABELS[category];
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
