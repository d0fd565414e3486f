import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { labImageBytes } from '../../lib/lab/lab-size.ts';
import type { LabPhase } from '../../lib/lab/lab-session.ts';

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** What a starting lab is doing, in words. */
export function startingText(phase: LabPhase): string | null {
  switch (phase.kind) {
    case 'preparing':
      return 'Preparing the lab…';
    case 'downloading':
      return `Downloading the lab machine (${megabytes(Math.min(phase.loadedBytes, labImageBytes))} of ${megabytes(labImageBytes)} MB)…`;
    case 'booting':
      return 'Starting Linux (the first start takes about half a minute)…';
    case 'restoring':
      return 'Restoring the lab…';
    case 'setting-up':
      return 'Putting your files in place…';
    default:
      return null;
  }
}

/** The starting lab's progress: a bar (measured while downloading) and its text, announced politely. */
export function LabStatus({ phase }: { phase: LabPhase }) {
  const text = startingText(phase);
  if (!text) return null;
  const value = phase.kind === 'downloading' ? Math.min(100, (phase.loadedBytes / labImageBytes) * 100) : undefined;
  return (
    <Box sx={{ px: { xs: 1.5, sm: 2 }, py: 1.5 }}>
      <Typography
        role="status"
        aria-live="polite"
        variant="body2"
        sx={(theme) => ({ color: theme.palette.terminal.text, mb: 1 })}
      >
        {text}
      </Typography>
      <LinearProgress
        aria-label="Lab start progress"
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
      />
    </Box>
  );
}
