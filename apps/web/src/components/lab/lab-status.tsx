import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SetupStage } from '@bastion/labs';
import type { LabPhase } from '@/lib/lab/lab-session.ts';

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** What a starting lab is doing, in words: announced when it changes, so it names the stage, not the numbers. */
export function startingText(phase: LabPhase): string | null {
  switch (phase.kind) {
    case 'preparing':
      return 'Preparing the lab…';
    case 'downloading':
      return 'Downloading the lab machine…';
    case 'booting':
      return 'Starting Linux (only the first start boots it)…';
    case 'restoring':
      return 'Restoring the lab…';
    case 'setting-up':
      return stageText(phase.progress.stage);
    default:
      return null;
  }
}

/** A stage of the lab's setup, by what it starts (its hosts counted where they are not the learner's to find). */
export function stageText(stage: SetupStage): string {
  switch (stage.kind) {
    case 'files':
      return 'Putting your files in place…';
    case 'network':
      if (!stage.hosts) return 'Connecting the lab network…';
      return `Connecting ${stage.hosts} ${stage.hosts === 1 ? 'host' : 'hosts'} to the lab network…`;
    case 'services':
      return 'Starting the lab’s services…';
    case 'shell':
      return 'Opening your shell…';
  }
}

/** The time left, rounded as a person would say it; never a promise the measurement cannot keep. */
export function remainingText(ms: number | null): string {
  if (ms === null) return 'measuring this device’s speed';
  const seconds = ms / 1000;
  if (seconds < 5) return 'a few seconds left';
  if (seconds < 60) return `about ${Math.ceil(seconds / 5) * 5} s left`;
  return `about ${Math.ceil(seconds / 60)} min left`;
}

/** How far the stage is, where it can be measured: bytes downloaded, or the boot against the measured one. */
export function progressOf(phase: LabPhase): { percent: number; text: string } | null {
  if (phase.kind === 'downloading') {
    const loaded = Math.min(phase.loadedBytes, phase.totalBytes);
    return {
      percent: Math.min(100, (loaded / phase.totalBytes) * 100),
      text: `${megabytes(loaded)} of ${megabytes(phase.totalBytes)} MB`,
    };
  }
  if (phase.kind === 'booting') {
    const percent = Math.floor(phase.progress.fraction * 100);
    return { percent, text: `${percent}%, ${remainingText(phase.progress.remainingMs)}` };
  }
  if (phase.kind === 'setting-up') {
    const { step, steps } = phase.progress;
    return { percent: (step / steps) * 100, text: `step ${step + 1} of ${steps}` };
  }
  return null;
}

/** The starting lab's progress: its stage (announced politely), and a bar with the measured part and time left. */
export function LabStatus({ phase }: { phase: LabPhase }) {
  const text = startingText(phase);
  if (!text) return null;
  const progress = progressOf(phase);
  return (
    <Box sx={{ px: { xs: 1.5, sm: 2 }, py: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, mb: 1 }}>
        <Typography
          role="status"
          aria-live="polite"
          variant="body2"
          sx={(theme) => ({ color: theme.palette.terminal.text })}
        >
          {text}
        </Typography>
        {progress && (
          <Typography variant="body2" sx={(theme) => ({ color: theme.palette.terminal.muted })}>
            {progress.text}
          </Typography>
        )}
      </Box>
      <LinearProgress
        aria-label="Lab start progress"
        aria-valuetext={progress?.text}
        variant={progress ? 'determinate' : 'indeterminate'}
        value={progress?.percent}
      />
    </Box>
  );
}
