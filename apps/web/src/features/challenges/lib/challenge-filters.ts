import {
  CHALLENGE_ACCESS_FILTERS,
  CHALLENGE_CATEGORY_MAX,
  CHALLENGE_CATEGORY_PATTERN,
  CHALLENGE_STATUSES,
  DIFFICULTIES,
  type ChallengeCategory,
  type ChallengeStatus,
  type Difficulty,
} from '@bastion/contract';

export type ChallengeAccessFilter = (typeof CHALLENGE_ACCESS_FILTERS)[number];

/** The /challenges filters, as kept in the address: category, difficulty, status and access. */
export interface ChallengeFilters {
  category: ChallengeCategory | '';
  difficulty: Difficulty | '';
  status: ChallengeStatus | '';
  access: ChallengeAccessFilter;
}

export const DEFAULT_CHALLENGE_FILTERS: ChallengeFilters = { category: '', difficulty: '', status: '', access: 'all' };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** Any category key: the categories imported packs brought are not known in advance. */
function categoryKeyOf(value: string | null): string | undefined {
  return value && value.length <= CHALLENGE_CATEGORY_MAX && CHALLENGE_CATEGORY_PATTERN.test(value) ? value : undefined;
}

/** Reads the filters from the address; unknown values fall back to the defaults rather than failing. */
export function readChallengeFilters(params: URLSearchParams): ChallengeFilters {
  return {
    category: categoryKeyOf(params.get('category')) ?? '',
    difficulty: oneOf(DIFFICULTIES, params.get('difficulty')) ?? '',
    status: oneOf(CHALLENGE_STATUSES, params.get('status')) ?? '',
    access: oneOf(CHALLENGE_ACCESS_FILTERS, params.get('access')) ?? 'all',
  };
}

/** The address form: defaults are left out so /challenges stays clean. */
export function writeChallengeFilters(filters: ChallengeFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.difficulty) params.set('difficulty', filters.difficulty);
  if (filters.status) params.set('status', filters.status);
  if (filters.access !== 'all') params.set('access', filters.access);
  return params;
}

/** `GET /api/challenges/?category=&difficulty=&status=&access=`: unset filters are left out, access always sent. */
export function challengeListParams(filters: ChallengeFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.category) params.category = filters.category;
  if (filters.difficulty) params.difficulty = filters.difficulty;
  if (filters.status) params.status = filters.status;
  params.access = filters.access;
  return params;
}

export function filtersAreDefault(filters: ChallengeFilters): boolean {
  return !filters.category && !filters.difficulty && !filters.status && filters.access === 'all';
}
