import { CHALLENGE_ACCESS_FILTERS, CHALLENGE_CATEGORIES, CHALLENGE_STATUSES } from '@bastion/contract';
import { AccessFilter, DifficultyFilter, FilterBar, FilterSelect } from '../../../components/filter-bar.tsx';
import { filtersAreDefault, type ChallengeAccessFilter, type ChallengeFilters } from '../lib/challenge-filters.ts';
import { CATEGORY_LABELS, STATUS_LABELS } from '../lib/format.ts';

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
      <DifficultyFilter value={filters.difficulty} onChange={(difficulty) => onChange({ difficulty })} />
      <FilterSelect
        label="Status"
        anyLabel="Any status"
        value={filters.status}
        options={CHALLENGE_STATUSES}
        labelOf={(status) => STATUS_LABELS[status]}
        onChange={(status) => onChange({ status })}
      />
      <AccessFilter
        value={filters.access}
        options={CHALLENGE_ACCESS_FILTERS}
        labels={ACCESS_LABELS}
        onChange={(access) => onChange({ access })}
      />
    </FilterBar>
  );
}
