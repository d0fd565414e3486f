import type { LabHealth, LabHealthLab } from '@bastion/contract';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format-time.ts';
import { LAB_REASON_LABELS, LAB_STAGE_LABELS, seconds } from '../lib/lab-health-labels.ts';
import { DataTable, type Column } from './data-table.tsx';

interface Timing {
  starts: number;
  failures: number;
  median_ms: number | null;
  p90_ms: number | null;
}

/** Starts, failures, and the median and 90th percentile start times: the columns every table shares. */
export function timingColumns<T extends Timing>(): Column<T>[] {
  return [
    { key: 'starts', label: 'Starts', nowrap: true, render: (row) => row.starts.toLocaleString() },
    { key: 'failures', label: 'Failed', nowrap: true, render: (row) => row.failures.toLocaleString() },
    { key: 'median', label: 'Median start', nowrap: true, render: (row) => seconds(row.median_ms) },
    { key: 'p90', label: '90th percentile', nowrap: true, render: (row) => seconds(row.p90_ms) },
  ];
}

const labColumns: Column<LabHealthLab>[] = [
  {
    key: 'lab',
    label: 'Lab',
    render: (row) => (
      <>
        {row.item.title}
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          {row.item.type === 'quiz' ? 'Quiz' : 'Challenge'}
        </Typography>
      </>
    ),
  },
  ...timingColumns<LabHealthLab>(),
  {
    key: 'last-failure',
    label: 'Last failure',
    render: (row) =>
      row.last_failure ? (
        <>
          {LAB_STAGE_LABELS[row.last_failure.stage]}: {LAB_REASON_LABELS[row.last_failure.reason].toLowerCase()}
          <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
            {formatDateTime(row.last_failure.at)}
          </Typography>
        </>
      ) : (
        '—'
      ),
  },
];

/** A titled table of labs; says so when there are none. */
export function LabTable({ title, labs, empty }: { title: string; labs: LabHealthLab[]; empty: string }) {
  return (
    <TableSection title={title}>
      {labs.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>
      ) : (
        <DataTable caption={title} columns={labColumns} rows={labs} rowKey={(row) => row.item.id} />
      )}
    </TableSection>
  );
}

const failureColumns: Column<LabHealth['failures'][number]>[] = [
  { key: 'stage', label: 'Stage', render: (row) => LAB_STAGE_LABELS[row.stage] },
  { key: 'reason', label: 'Reason', render: (row) => LAB_REASON_LABELS[row.reason] },
  { key: 'count', label: 'Failures', nowrap: true, render: (row) => row.count.toLocaleString() },
];

export function FailureTable({ failures }: { failures: LabHealth['failures'] }) {
  const title = 'Failures by stage';
  return (
    <TableSection title={title}>
      {failures.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No start failed in this period.</Typography>
      ) : (
        <DataTable
          caption={title}
          columns={failureColumns}
          rows={failures}
          rowKey={(row) => `${row.stage}/${row.reason}`}
        />
      )}
    </TableSection>
  );
}

/** A heading over a table or a note; the table's own scrolling region is the landmark, named like the heading. */
export function TableSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
