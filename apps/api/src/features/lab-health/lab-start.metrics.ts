import { Counter, Histogram, type Registry } from 'prom-client';
import type { LabStartReport } from '@bastion/contract';

export type ObserveLabStart = (report: Required<LabStartReport>) => void;

/**
 * The lab starts this instance received, for Prometheus. `lab` is the id of a quiz or challenge the content has (a
 * report for any other is refused before it is counted), so the series stay as many as the labs; the histogram of
 * start times is per kind only.
 */
export function labStartMetrics(registry: Registry | null): ObserveLabStart {
  if (!registry) return () => {};
  const starts = new Counter({
    name: 'bastion_lab_starts_total',
    help: 'Lab starts reported by learners’ browsers, by lab (quiz or challenge id), kind and outcome.',
    labelNames: ['lab', 'kind', 'outcome'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'bastion_lab_start_failures_total',
    help: 'Failed lab starts, by lab, the stage they failed at and why.',
    labelNames: ['lab', 'stage', 'reason'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bastion_lab_start_duration_seconds',
    help: 'Time from Start or Reset to the lab’s prompt, of the starts that reached it, by kind.',
    labelNames: ['kind'] as const,
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  return (report) => {
    starts.inc({ lab: report.item_id, kind: report.kind, outcome: report.outcome });
    if (report.outcome === 'failed') {
      failures.inc({ lab: report.item_id, stage: report.stage ?? 'unknown', reason: report.reason ?? 'other' });
    } else {
      duration.observe({ kind: report.kind }, report.duration_ms / 1000);
    }
  };
}
