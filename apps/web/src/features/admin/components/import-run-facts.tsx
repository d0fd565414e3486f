import type { ContentImportRun } from '@bastion/contract';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-time.ts';
import { ContentProblemList } from './content-problem-list.tsx';
import { FactList } from './fact-list.tsx';

const VIA = { server: 'at the server start', cli: 'with the command line', console: 'in the console' } as const;
const OUTCOMES = {
  imported: { label: 'Imported', color: 'success' },
  partial: { label: 'Partly imported', color: 'warning' },
  refused: { label: 'Refused: nothing was imported', color: 'error' },
} as const;

/** One import: when, who, which folder, what came of it, and its problems and warnings. */
export function ImportRunFacts({ run }: { run: ContentImportRun }) {
  const outcome = OUTCOMES[run.outcome];
  const facts: [string, ReactNode][] = [
    ['When', formatDateTime(run.at)],
    ['By', run.via === 'server' ? 'The server, as it started' : `${run.by}, ${VIA[run.via]}`],
    ['Folder', run.dir],
    ['Source', run.source],
    ['Outcome', <Chip key="outcome" size="small" color={outcome.color} label={outcome.label} />],
  ];
  if (run.counts) {
    const { created, updated, hidden } = run.counts;
    facts.push(['Changes', `${created} created, ${updated} updated, ${hidden} hidden`]);
  }
  return (
    <>
      <FactList label="Last import" facts={facts} />
      <ContentProblemList noun="problem" items={run.problems} total={run.problem_count} />
      <ContentProblemList noun="warning" items={run.warnings} total={run.warning_count} />
    </>
  );
}
