import Box from '@mui/material/Box';
import { countryName, countryCodeOf } from '../lib/country.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';

// Decision 0103: flags are country-flag-icons' 3:2 SVGs (MIT), bundled as separate files, decorative beside a name.
/**
 * The 3:2 SVG flags of country-flag-icons, each a file of the build fetched when a flag shows: emoji flags need
 * a font with them (Windows shows two letters, Debian's Chromium two empty boxes).
 */
const FLAG_FILES = import.meta.glob<string>('../../../../node_modules/country-flag-icons/3x2/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const FLAGS = new Map(
  Object.entries(FLAG_FILES).map(([file, url]) => [/([A-Z]{2})\.svg$/.exec(file)?.[1] ?? '', url] as const),
);

/** The flag file of an ISO 3166-1 alpha-2 code, or null when there is none. */
export function flagUrl(code: string): string | null {
  const country = countryCodeOf(code);
  return (country && FLAGS.get(country)) || null;
}

/** A learner's country as its flag, named for screen readers and on hover; a dash when unknown. */
export function CountryFlag({
  code,
  height = 16,
  decorative = false,
}: {
  code: string;
  height?: number;
  /** The country's name is written beside it: the flag is left out for screen readers. */
  decorative?: boolean;
}) {
  const url = flagUrl(code);
  const name = countryName(code);
  if (!url) {
    if (decorative) return null;
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        <span aria-hidden="true">—</span>
        <Box component="span" sx={visuallyHidden}>
          {code.trim() ? name : 'No country'}
        </Box>
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt={decorative ? '' : name}
      title={name}
      width={(height * 3) / 2}
      height={height}
      sx={{ display: 'inline-block', verticalAlign: '-0.15em', borderRadius: 0.5, boxShadow: 1 }}
    />
  );
}
