import { CHALLENGE_ACCESS_FILTERS, CHALLENGE_STATUSES } from '@bastion/contract';
import { AccessFilter, DifficultyFilter, FilterBar, FilterSelect } from '@/components/filter-bar.tsx';
import { filtersAreDefault, type ChallengeAccessFilter, type ChallengeFilters } from '../lib/challenge-filters.ts';
import { categoryLabel } from '@/domain/challenge-category.ts';
import { STATUS_LABELS } from '../lib/format.ts';

const ACCESS_LABELS: Record<ChallengeAccessFilter, string> = {
  all: 'All challenges',
  free: 'Free',
  premium: 'Premium',
};

interface ChallengeFiltersBarProps {
  filters: ChallengeFilters;
  /** The categories there are challenges in (GET /api/challenges/categories/). */
  categories: readonly string[];
  onChange(patch: Partial<ChallengeFilters>): void;
  onClear(): void;
}

/** The /challenges filters: category, difficulty, status and access. */
export function ChallengeFiltersBar({ filters, categories, onChange, onClear }: ChallengeFiltersBarProps) {
  // A category from the address stays selectable while the list of categories loads (or after it left).
  const categoryOptions =
    filters.category && !categories.includes(filters.category) ? [...categories, filters.category] : categories;
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
        options={categoryOptions}
        labelOf={categoryLabel}
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
