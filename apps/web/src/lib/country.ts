import { isCountryCode } from '@bastion/contract';

/** Regional indicator symbol A (U+1F1E6): a flag emoji is the two letters of the code in this range. */
const REGIONAL_A = 0x1f1e6;

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

/** The flag emoji of an ISO 3166-1 alpha-2 code, or null when the code is not a country. */
export function countryFlag(code: string): string | null {
  const upper = code.trim().toUpperCase();
  if (!isCountryCode(upper)) return null;
  return String.fromCodePoint(...[...upper].map((letter) => REGIONAL_A + letter.charCodeAt(0) - 65));
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
