import Box from '@mui/material/Box';
import { countryFlag, countryName } from '../../../lib/country.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

/** The learner's country as a flag emoji, named for screen readers and on hover. */
export function CountryFlag({ code }: { code: string }) {
  const flag = countryFlag(code);
  const name = countryName(code);
  if (!flag) {
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
    <Box component="span" role="img" aria-label={name} title={name} sx={{ fontSize: '1.25rem', lineHeight: 1 }}>
      {flag}
    </Box>
  );
}
