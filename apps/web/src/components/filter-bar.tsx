import { DIFFICULTIES, type Difficulty } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FormEvent, ReactNode } from 'react';
import { DIFFICULTY_LABELS } from '../domain/difficulty.ts';

interface FilterBarProps {
  /** The search landmark's name, e.g. "Filter modules". */
  label: string;
  /** The grid's columns from the md breakpoint, the Clear button's included. */
  columns: string;
  canClear: boolean;
  onClear(): void;
  children: ReactNode;
}

/** A list page's filters: a search landmark laid out as a grid, ending with Clear filters. */
export function FilterBar({ label, columns, canClear, onClear, children }: FilterBarProps) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(event: FormEvent) => event.preventDefault()}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: columns },
        alignItems: 'center',
        mb: 3,
      }}
    >
      {children}
      <Button onClick={onClear} disabled={!canClear} sx={{ justifySelf: 'start' }}>
        Clear filters
      </Button>
    </Box>
  );
}

interface FilterSelectProps<V extends string> {
  label: string;
  value: V | '';
  options: readonly V[];
  labelOf(option: V): string;
  /** The first item, standing for no filter (value ''), e.g. "Any difficulty". */
  anyLabel?: string;
  onChange(value: V | ''): void;
}

/** One filter of a FilterBar: a select over `options`, optionally led by an "any" item. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  labelOf,
  anyLabel,
  onChange,
}: FilterSelectProps<V>) {
  return (
    <TextField
      select
      label={label}
      slotProps={anyLabel ? { inputLabel: { shrink: true }, select: { displayEmpty: true } } : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value as V | '')}
    >
      {anyLabel && <MenuItem value="">{anyLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The difficulty filter every list page has: any, easy, medium or hard. */
export function DifficultyFilter({
  value,
  onChange,
}: {
  value: Difficulty | '';
  onChange(value: Difficulty | ''): void;
}) {
  return (
    <FilterSelect
      label="Difficulty"
      anyLabel="Any difficulty"
      value={value}
      options={DIFFICULTIES}
      labelOf={(difficulty) => DIFFICULTY_LABELS[difficulty]}
      onChange={onChange}
    />
  );
}

interface AccessFilterProps<V extends string> {
  value: V;
  /** Every choice with its label; the first is the "all" that stands for no filter. */
  labels: Record<V, string>;
  options: readonly V[];
  onChange(value: V): void;
}

/** The access filter (all, free, premium…): always set, so no "any" item. */
export function AccessFilter<V extends string>({ value, labels, options, onChange }: AccessFilterProps<V>) {
  return (
    <FilterSelect
      label="Access"
      value={value}
      options={options}
      labelOf={(access) => labels[access]}
      onChange={(access) => access && onChange(access)}
    />
  );
}
