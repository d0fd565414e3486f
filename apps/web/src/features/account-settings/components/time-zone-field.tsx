import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { memo, useMemo } from 'react';
import { timeZoneOptions } from '../lib/time-zones.ts';

interface TimeZoneFieldProps {
  value: string;
  onChange(zone: string): void;
  error?: string;
}

const label = (zone: string) => zone.replaceAll('_', ' ');

/** Some 400 IANA zones: typing a city or region narrows the list, which only renders while open. */
export const TimeZoneField = memo(function TimeZoneField({ value, onChange, error }: TimeZoneFieldProps) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Autocomplete
      options={options}
      value={value || null}
      onChange={(_event, zone) => {
        if (zone) onChange(zone);
      }}
      getOptionLabel={label}
      disableClearable={Boolean(value)}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label="Time zone"
          name="timezone"
          error={Boolean(error)}
          helperText={error ?? 'Your daily streak follows this zone.'}
        />
      )}
    />
  );
});
