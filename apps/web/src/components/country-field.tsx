import { COUNTRY_CODES } from '@bastion/contract';
import TextField from '@mui/material/TextField';
import { memo } from 'react';
import { useBrowserValue } from '../lib/use-browser-value.ts';

interface CountryFieldProps {
  value: string;
  onChange(code: string): void;
  error?: string;
}

type CountryOption = { code: string; name: string };

function countryOptions(): CountryOption[] {
  const locale = typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

let browserOptions: CountryOption[] | undefined;
const NO_OPTIONS: CountryOption[] = [];

/**
 * ISO 3166-1 alpha-2 country picker; a native select is quick to use on a phone and with a keyboard. The names
 * are in the browser's language, so a prerendered page has none until it is hydrated.
 */
export const CountryField = memo(function CountryField({ value, onChange, error }: CountryFieldProps) {
  const options = useBrowserValue(() => (browserOptions ??= countryOptions()), NO_OPTIONS);
  return (
    <TextField
      select
      label="Country"
      name="country"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      required
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" disabled>
        Choose your country
      </option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </TextField>
  );
});
