import { describe, expect, it } from 'vitest';
import { countryFlag, countryName } from './country.ts';

describe('country flag and name', () => {
  it('builds the flag emoji from the two-letter code, in either case', () => {
    expect(countryFlag('NL')).toBe('🇳🇱');
    expect(countryFlag('jp')).toBe('🇯🇵');
  });

  it('has no flag for what is not a country code', () => {
    expect(countryFlag('')).toBeNull();
    expect(countryFlag('ZZ')).toBeNull();
    expect(countryFlag('DEU')).toBeNull();
  });

  it('names the country, or falls back to the code', () => {
    expect(countryName('NL')).toBe('Netherlands');
    expect(countryName('ZZ')).toBe('ZZ');
    expect(countryName('')).toBe('Unknown country');
  });
});
