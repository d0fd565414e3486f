import { CHALLENGE_ACCESS_FILTERS, CHALLENGE_CATEGORIES, CHALLENGE_STATUSES, DIFFICULTIES } from '@bastion/contract';
import { FilterBar, FilterSelect } from '../../../components/filter-bar.tsx';
import { filtersAreDefault, type ChallengeAccessFilter, type ChallengeFilters } from '../lib/challenge-filters.ts';
import { CATEGORY_LABELS, STATUS_LABELS } from '../lib/format.ts';
import { DIFFICULTY_LABELS } from '../../../lib/difficulty.ts';

const ACCESS_LABELS: Record<ChallengeAccessFilter, string> = {
  all: 'All challenges',
  free: 'Free',
  premium: 'Premium',
};

interface ChallengeFiltersBarProps {
  filters: ChallengeFilters;
  onChange(patch: Partial<ChallengeFilters>): void;
  onClear(): void;
}

/** The /challenges filters: category, difficulty, status and access. */
export function ChallengeFiltersBar({ filters, onChange, onClear }: ChallengeFiltersBarProps) {
  return (
    <FilterBar
      label="Filter challenges"
      columns="1fr 1fr 1fr 1fr auto"
      canClear={!filtersAreDefault(filters)}
      onClear={onClear}
    >
      <FilterSelect
        label="Category"
        anyLabel="Any category"
        value={filters.category}
        options={CHALLENGE_CATEGORIES}
        labelOf={(category) => CATEGORY_LABELS[category]}
        onChange={(category) => onChange({ category })}
      />
      <FilterSelect
        label="Difficulty"
        anyLabel="Any difficulty"
        value={filters.difficulty}
        options={DIFFICULTIES}
        labelOf={(difficulty) => DIFFICULTY_LABELS[difficulty]}
        onChange={(difficulty) => onChange({ difficulty })}
      />
      <FilterSelect
        label="Status"
        anyLabel="Any status"
        value={filters.status}
        options={CHALLENGE_STATUSES}
        labelOf={(status) => STATUS_LABELS[status]}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        label="Access"
        value={filters.access}
        options={CHALLENGE_ACCESS_FILTERS}
        labelOf={(access) => ACCESS_LABELS[access]}
        onChange={(access) => access && onChange({ access })}
      />
    </FilterBar>
  );
}
