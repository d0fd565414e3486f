import { isCountryCode } from '@bastion/contract';

let names: Intl.DisplayNames | null | undefined;

function displayNames(): Intl.DisplayNames | null {
  if (names !== undefined) return names;
  const locale = typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  return names;
}

/** The ISO 3166-1 alpha-2 code, upper case, or null when it is not a country. */
export function countryCodeOf(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return isCountryCode(upper) ? upper : null;
}

/** "Germany" for "DE", in the browser's language; the code itself when no name is known. */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!isCountryCode(upper)) return code.trim() || 'Unknown country';
  try {
    return displayNames()?.of(upper) ?? upper;
  } catch {
    return upper;
  }
}
