import type { BrowserFamily, LabFailureReason, LabStartKind, LabStartStage } from '@bastion/contract';

export const LAB_KIND_LABELS: Record<LabStartKind, string> = {
  warm: 'Warm (its own saved state)',
  first: 'First start (ready state and setup)',
  cold: 'Cold boot',
  reset: 'Reset',
};

export const LAB_STAGE_LABELS: Record<LabStartStage, string> = {
  preparing: 'Preparing',
  downloading: 'Downloading',
  booting: 'Booting Linux',
  restoring: 'Restoring a saved state',
  'setting-up': 'Setting the lab up',
};

export const LAB_REASON_LABELS: Record<LabFailureReason, string> = {
  memory: 'Too little memory',
  download: 'A download failed',
  setup: 'The guest refused its setup',
  stalled: 'The guest stopped working',
  other: 'Another error',
};

export const BROWSER_LABELS: Record<BrowserFamily, string> = {
  chromium: 'Chromium (Chrome, Edge)',
  firefox: 'Firefox',
  webkit: 'WebKit (Safari)',
  other: 'Other',
};

/** Milliseconds as seconds to a tenth ("7.4 s"); a dash where no start reached its prompt. */
export const seconds = (ms: number | null): string => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** The same, as a number for a chart or a CSV file; null where there is none. */
export const secondsValue = (ms: number | null): number | null => (ms === null ? null : Math.round(ms / 100) / 10);
