import {
  LAB_HEALTH_LIMITS,
  type BrowserFamily,
  type LabStartKind,
  type LabStartReport,
  type LabStartStage,
} from '@bastion/contract';
import { api } from '@/lib/api-client.ts';
import type { LabPhase } from '@/lib/lab/lab-session.ts';

/** The quiz or challenge whose lab a panel runs. */
export interface LabRef {
  type: 'quiz' | 'challenge';
  id: string;
}

/** The browser's engine, from its user agent: all the server is told of it. */
export function browserFamily(userAgent: string = navigator.userAgent): BrowserFamily {
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Chrom(e|ium)\/|Edg\//.test(userAgent)) return 'chromium';
  if (/AppleWebKit\//.test(userAgent)) return 'webkit';
  return 'other';
}

/** Sends a report and forgets it: a report that cannot be sent (offline, throttled, signed out) is dropped. */
export function sendLabStartReport(report: LabStartReport): void {
  api.post('/api/labs/starts/', report).catch(() => undefined);
}

interface Timing {
  lab: LabRef;
  reset: boolean;
  startedAt: number;
  /** The phases seen since the press: how the lab came up, and where a failure stopped it. */
  seen: Set<LabPhase['kind']>;
  stage: LabStartStage;
}

interface ReporterOptions {
  send?(report: LabStartReport): void;
  now?(): number;
  browser?: BrowserFamily;
}

/**
 * Times each lab start from the learner's Start or Reset press to the running prompt (or the failure) as the panel
 * sees its phases, and reports it once, in the background. Nothing here can hold a start up: the report is sent
 * after the prompt is shown, and its answer is not awaited. A start the learner leaves before its prompt is not
 * reported.
 */
export class LabStartReporter {
  private timing: Timing | null = null;
  private readonly send: (report: LabStartReport) => void;
  private readonly now: () => number;
  private readonly browser: BrowserFamily;

  constructor(options: ReporterOptions = {}) {
    this.send = options.send ?? sendLabStartReport;
    this.now = options.now ?? (() => performance.now());
    this.browser = options.browser ?? browserFamily();
  }

  /** The learner pressed Start (or Try again) or Reset for `lab`. */
  begin(trigger: 'start' | 'reset', lab: LabRef | undefined): void {
    this.timing = lab
      ? { lab, reset: trigger === 'reset', startedAt: this.now(), seen: new Set(), stage: 'preparing' }
      : null;
  }

  /** The panel's next phase: a running or failed one ends the start and reports it. */
  phase(phase: LabPhase): void {
    const timing = this.timing;
    if (!timing) return;
    if (phase.kind === 'idle') return;
    if (phase.kind !== 'running' && phase.kind !== 'failed') {
      timing.seen.add(phase.kind);
      timing.stage = phase.kind;
      return;
    }
    this.timing = null;
    const durationMs = Math.round(this.now() - timing.startedAt);
    this.send({
      item_type: timing.lab.type,
      item_id: timing.lab.id,
      kind: kindOf(timing),
      outcome: phase.kind === 'running' ? 'ok' : 'failed',
      duration_ms: Math.min(Math.max(durationMs, 0), LAB_HEALTH_LIMITS.maxDurationMs),
      stage: phase.kind === 'failed' ? timing.stage : null,
      reason: phase.kind === 'failed' ? phase.reason : null,
      browser: this.browser,
    });
  }
}

/** A boot of the image is a cold start, a setup without one a first start, and neither a warm one. */
function kindOf({ reset, seen }: Timing): LabStartKind {
  if (reset) return 'reset';
  if (seen.has('booting')) return 'cold';
  if (seen.has('setting-up')) return 'first';
  return 'warm';
}
