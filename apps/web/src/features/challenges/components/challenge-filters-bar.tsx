import { CHALLENGE_ACCESS_FILTERS, CHALLENGE_CATEGORIES, CHALLENGE_STATUSES, DIFFICULTIES } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { filtersAreDefault, type ChallengeAccessFilter, type ChallengeFilters } from '../lib/challenge-filters.ts';
import { CATEGORY_LABELS, DIFFICULTY_LABELS, STATUS_LABELS } from '../lib/format.ts';

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

const shrink = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/** The /challenges filters: category, difficulty, status and access. */
export function ChallengeFiltersBar({ filters, onChange, onClear }: ChallengeFiltersBarProps) {
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter challenges"
      noValidate
      onSubmit={(event: FormEvent) => event.preventDefault()}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr 1fr auto' },
        alignItems: 'center',
        mb: 3,
      }}
    >
      <TextField
        select
        label="Category"
        slotProps={shrink}
        value={filters.category}
        onChange={(event) => onChange({ category: event.target.value as ChallengeFilters['category'] })}
      >
        <MenuItem value="">Any category</MenuItem>
        {CHALLENGE_CATEGORIES.map((category) => (
          <MenuItem key={category} value={category}>
            {CATEGORY_LABELS[category]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Difficulty"
        slotProps={shrink}
        value={filters.difficulty}
        onChange={(event) => onChange({ difficulty: event.target.value as ChallengeFilters['difficulty'] })}
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
        label="Status"
        slotProps={shrink}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as ChallengeFilters['status'] })}
      >
        <MenuItem value="">Any status</MenuItem>
        {CHALLENGE_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Access"
        value={filters.access}
        onChange={(event) => onChange({ access: event.target.value as ChallengeAccessFilter })}
      >
        {CHALLENGE_ACCESS_FILTERS.map((access) => (
          <MenuItem key={access} value={access}>
            {ACCESS_LABELS[access]}
          </MenuItem>
        ))}
      </TextField>
      <Button onClick={onClear} disabled={filtersAreDefault(filters)} sx={{ justifySelf: 'start' }}>
        Clear filters
      </Button>
    </Box>
  );
}
