import type { LabSpec } from './lab-spec.ts';
import { labMarkers } from './protocol.ts';

/**
 * What a lab's setup is doing. The guest's script says which stage it starts with a word (`network`, `services`,
 * `shell`; a setup begins with its files); the host names it from the lab's spec. Which services start, and how many,
 * is not said: a lab's services are in its sealed part, the learner's to find out.
 */
export type SetupStage =
  { kind: 'files' } | { kind: 'network'; hosts: number | null } | { kind: 'services' } | { kind: 'shell' };

/** A stage, and how far the setup is: every setup goes through these four, a lab without a network or services skips. */
export interface SetupProgress {
  stage: SetupStage;
  step: number;
  steps: number;
}

const order = ['files', 'network', 'services', 'shell'] as const;

/** Where every setup begins: its files. */
export const setupBegun: SetupProgress = { stage: { kind: 'files' }, step: 0, steps: order.length };

/** The script's line that announces a stage. */
export const stageLine = (word: Exclude<(typeof order)[number], 'files'>): string =>
  `echo '${labMarkers.stage} ${word}'`;

/** The stage a word of the script names, for this lab; null for a word the host does not know. */
export function setupProgressOf(spec: LabSpec, word: string): SetupProgress | null {
  const step = order.indexOf(word as (typeof order)[number]);
  if (step === -1) return null;
  const stage: SetupStage =
    word === 'network'
      ? // A sealed lab's hosts are in its sealed part: not counted.
        { kind: 'network', hosts: spec.sealed ? null : (spec.hosts ?? []).length }
      : { kind: order[step] as 'files' | 'services' | 'shell' };
  return { stage, step, steps: order.length };
}

const stageAnnounced = new RegExp(`${labMarkers.stage} ([\\w-]+)`, 'g');

/** The words of every stage announced in `text` (the guest's output before the learner's shell starts). */
export const stageWords = (text: string): string[] => [...text.matchAll(stageAnnounced)].map((match) => match[1]!);
