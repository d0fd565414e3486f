import LockPersonOutlined from '@mui/icons-material/LockPersonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * The one answer for an unknown user, a private profile or a hidden one (the API gives the same 404 for all
 * three, so the page cannot and must not tell them apart).
 */
export function ProfileMissing() {
  return (
    <Box component="section" aria-labelledby="profile-missing" sx={{ textAlign: 'center', py: 6 }}>
      <Box aria-hidden sx={{ color: 'text.secondary', '& svg': { fontSize: 48 } }}>
        <LockPersonOutlined />
      </Box>
      <Typography variant="eyebrow" component="p" sx={{ color: 'primary.main', mt: 1 }}>
        Error 404
      </Typography>
      <Typography id="profile-missing" variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mt: 1, mb: 2 }}>
        This profile is private or does not exist
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Check the address you were given, or ask its owner to make the profile public.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the home page
      </Button>
    </Box>
  );
}
