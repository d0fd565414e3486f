import { DIFFICULTIES, MODULE_ACCESS_FILTERS, type ModuleAccessFilter } from '@bastion/contract';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useCourses } from '../api/get-courses.ts';
import { DIFFICULTY_LABELS } from '../lib/format.ts';
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

/** Spec §2 /modules filters: search, difficulty, course and access. */
export function ModuleFiltersBar({ filters, searchInput, onSearchInput, onChange, onClear }: ModuleFiltersBarProps) {
  const courses = useCourses();
  const knownCourse = !filters.course || courses.data?.some((course) => course.id === filters.course);

  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter modules"
      noValidate
      onSubmit={(event: FormEvent) => event.preventDefault()}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1.4fr 1fr auto' },
        alignItems: 'center',
        mb: 3,
      }}
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
      <TextField
        select
        label="Difficulty"
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        value={filters.difficulty}
        onChange={(event) => onChange({ difficulty: event.target.value as ModuleFilters['difficulty'] })}
      >
        <MenuItem value="">Any difficulty</MenuItem>
        {DIFFICULTIES.map((difficulty) => (
          <MenuItem key={difficulty} value={difficulty}>
            {DIFFICULTY_LABELS[difficulty]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Course"
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        value={filters.course}
        onChange={(event) => onChange({ course: event.target.value })}
      >
        <MenuItem value="">All courses</MenuItem>
        {!knownCourse && <MenuItem value={filters.course}>Selected course</MenuItem>}
        {courses.data?.map((course) => (
          <MenuItem key={course.id} value={course.id}>
            {course.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Access"
        value={filters.access}
        onChange={(event) => onChange({ access: event.target.value as ModuleAccessFilter })}
      >
        {MODULE_ACCESS_FILTERS.map((access) => (
          <MenuItem key={access} value={access}>
            {ACCESS_LABELS[access]}
          </MenuItem>
        ))}
      </TextField>
      <Button onClick={onClear} disabled={filtersAreDefault(filters) && !searchInput} sx={{ justifySelf: 'start' }}>
        Clear filters
      </Button>
    </Box>
  );
}
