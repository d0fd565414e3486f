import { visuallyHidden } from '../lib/visually-hidden.ts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** R2: the full-screen spinner shown while a page loads. */
export function FullScreenLoader() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress aria-label="Loading" size={48} thickness={4} />
      <Box component="span" sx={visuallyHidden}>
        Loading…
      </Box>
    </Box>
  );
}
