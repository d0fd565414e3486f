import { MODULE_ACCESS_FILTERS, type ModuleAccessFilter } from '@bastion/contract';
import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { AccessFilter, DifficultyFilter, FilterBar, FilterSelect } from '@/components/filter-bar.tsx';
import { useCourses } from '../api/get-courses.ts';
import { filtersAreDefault, type ModuleFilters } from '../lib/module-filters.ts';

const ACCESS_LABELS: Record<ModuleAccessFilter, string> = {
  all: 'All modules',
  free: 'Free',
  premium: 'Premium',
  enrolled: 'Enrolled',
  completed: 'Completed',
};

interface ModuleFiltersBarProps {
  filters: ModuleFilters;
  searchInput: string;
  onSearchInput(value: string): void;
  onChange(patch: Partial<ModuleFilters>): void;
  onClear(): void;
}

/** R2 /modules filters: search, difficulty, course and access. */
export function ModuleFiltersBar({ filters, searchInput, onSearchInput, onChange, onClear }: ModuleFiltersBarProps) {
  const courses = useCourses();
  const titles = new Map(courses.data?.map((course) => [course.id, course.title]));
  // A course id from the URL that is not (yet) in the list still shows as selected.
  const courseIds = [
    ...(filters.course && !titles.has(filters.course) ? [filters.course] : []),
    ...(courses.data?.map((course) => course.id) ?? []),
  ];

  return (
    <FilterBar
      label="Filter modules"
      columns="2fr 1fr 1.4fr 1fr auto"
      canClear={!filtersAreDefault(filters) || Boolean(searchInput)}
      onClear={onClear}
    >
      <TextField
        label="Search modules"
        type="search"
        value={searchInput}
        onChange={(event) => onSearchInput(event.target.value)}
        sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 200 },
        }}
      />
      <DifficultyFilter value={filters.difficulty} onChange={(difficulty) => onChange({ difficulty })} />
      <FilterSelect
        label="Course"
        anyLabel="All courses"
        value={filters.course}
        options={courseIds}
        labelOf={(id) => titles.get(id) ?? 'Selected course'}
        onChange={(course) => onChange({ course })}
      />
      <AccessFilter
        value={filters.access}
        options={MODULE_ACCESS_FILTERS}
        labels={ACCESS_LABELS}
        onChange={(access) => onChange({ access })}
      />
    </FilterBar>
  );
}
