import { describe, expect, it } from 'vitest';
import { countryCodeOf, countryName } from './country.ts';

describe('country flag and name', () => {
  it('reads the two-letter code in either case', () => {
    expect(countryCodeOf('NL')).toBe('NL');
    expect(countryCodeOf(' jp ')).toBe('JP');
  });

  it('has no code for what is not a country', () => {
    expect(countryCodeOf('')).toBeNull();
    expect(countryCodeOf('ZZ')).toBeNull();
    expect(countryCodeOf('DEU')).toBeNull();
  });

  it('names the country, or falls back to the code', () => {
    expect(countryName('NL')).toBe('Netherlands');
    expect(countryName('ZZ')).toBe('ZZ');
    expect(countryName('')).toBe('Unknown country');
  });
});
