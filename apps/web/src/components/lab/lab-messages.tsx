import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { LabFailure } from '@/lib/lab/lab-machine-error.ts';
import { supportedLabBrowsers, type LabUnsupported } from '@/lib/lab/lab-support.ts';

const unsupportedText: Record<LabUnsupported, string> = {
  webassembly: 'This browser cannot run the lab: it has no WebAssembly (it may be switched off).',
  'webassembly-features': `This browser cannot run the lab: its WebAssembly lacks features the lab's machine needs, which ${supportedLabBrowsers} have.`,
  worker: 'This browser cannot run the lab: it does not run Web Workers.',
  memory: 'This device has too little memory for the lab, which needs about 2 GB.',
};

const failureText: Record<LabFailure, string> = {
  memory:
    'The lab ran out of memory: the browser would not give it the 160 MB its machine needs. Close other tabs and try again.',
  download: 'The lab machine or its files could not be downloaded. Check your connection and try again.',
  setup: 'The lab started but could not put its files in place.',
  stalled: 'The lab machine stopped responding.',
  other: 'The lab machine stopped unexpectedly.',
};

export function LabUnsupportedAlert({ reason }: { reason: LabUnsupported }) {
  return (
    <Alert severity="info" variant="outlined">
      {unsupportedText[reason]} The recorded session still shows the commands and their output.
    </Alert>
  );
}

export function LabFailureAlert({ reason, onRetry }: { reason: LabFailure; onRetry(): void }) {
  return (
    <Alert
      severity="error"
      sx={{ m: 1.5 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {failureText[reason]}
    </Alert>
  );
}
