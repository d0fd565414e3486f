import { LAB_START_KINDS, type LabHealth } from '@bastion/contract';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { EmptyState, LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { StatTile, statListSx } from '@/components/stat-tile.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useLabHealth } from '../api/get-lab-health.ts';
import { Figure } from '../components/figure.tsx';
import { DataTable, type Column } from '../components/data-table.tsx';
import { FailureTable, LabTable, TableSection, timingColumns } from '../components/lab-health-tables.tsx';
import { BROWSER_LABELS, LAB_KIND_LABELS, seconds, secondsValue } from '../lib/lab-health-labels.ts';

const PERIODS = [7, 30, 90] as const;
type KindRow = LabHealth['per_kind'][number];
type BrowserRow = LabHealth['per_browser'][number];
const kindColumns: Column<KindRow>[] = [
  { key: 'kind', label: 'Kind', render: (row) => LAB_KIND_LABELS[row.kind] },
  ...timingColumns<KindRow>(),
];
const browserColumns: Column<BrowserRow>[] = [
  { key: 'browser', label: 'Browser', render: (row) => BROWSER_LABELS[row.browser] },
  ...timingColumns<BrowserRow>(),
];
const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
};

/** /admin/labs: how long labs take to start in learners' browsers, and where they fail. */
export function AdminLabsPage() {
  usePageTitle('Lab health');
  const [params, setParams] = useSearchParams();
  const period = PERIODS.find((value) => String(value) === params.get('days')) ?? 30;
  const kind = LAB_START_KINDS.find((value) => value === params.get('kind')) ?? null;
  const health = useLabHealth(period, kind);
  const choose = (name: 'days' | 'kind', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };

  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Lab health">
        Every lab start learners’ browsers report: the time from pressing Start or Reset to the lab’s prompt, and where
        a start failed. Days are UTC days; start times are those of the starts that reached the prompt.
      </PageHeader>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <TextField
          select
          label="Period"
          size="small"
          fullWidth={false}
          value={String(period)}
          onChange={(event) => choose('days', event.target.value)}
          sx={{ minWidth: 180 }}
        >
          {PERIODS.map((value) => (
            <MenuItem key={value} value={String(value)}>
              Last {value} days
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Kind of start"
          size="small"
          fullWidth={false}
          value={kind ?? ''}
          onChange={(event) => choose('kind', event.target.value)}
          sx={{ minWidth: 240 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Every kind</MenuItem>
          {LAB_START_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {LAB_KIND_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {health.isPending ? (
        <LoadingBlock label="Loading lab health…" />
      ) : health.isError ? (
        <LoadError title="Lab health could not be loaded." error={health.error} onRetry={() => void health.refetch()} />
      ) : health.data.totals.starts === 0 ? (
        <EmptyState title="No lab starts in this period.">
          A start is reported once a learner’s lab reaches its prompt or fails. Reports are kept {health.data.kept_days}{' '}
          days.
        </EmptyState>
      ) : (
        <LabHealthFigures data={health.data} />
      )}
    </Container>
  );
}

function LabHealthFigures({ data }: { data: LabHealth }) {
  const { totals } = data;
  const days = data.per_day.map((point) => point.day);
  return (
    <>
      <Box component="ul" aria-label="Lab starts" sx={{ ...statListSx, mb: 3 }}>
        <StatTile label="Starts" value={totals.starts.toLocaleString()} />
        <StatTile
          label="Failed"
          value={totals.failures.toLocaleString()}
          note={`${((totals.failures / totals.starts) * 100).toFixed(1)}% of starts`}
        />
        <StatTile label="Median start" value={seconds(totals.median_ms)} />
        <StatTile label="90th percentile start" value={seconds(totals.p90_ms)} />
      </Box>
      <Box sx={{ ...grid, mb: 2 }}>
        <Figure
          title="Start time per day (seconds)"
          file="lab-start-times"
          kind="line"
          labelHeading="Day"
          labels={days}
          series={[
            { label: 'Median', data: data.per_day.map((point) => secondsValue(point.median_ms)) },
            { label: '90th percentile', data: data.per_day.map((point) => secondsValue(point.p90_ms)) },
          ]}
        />
        <Figure
          title="Starts and failures per day"
          file="lab-starts"
          kind="bar"
          labelHeading="Day"
          labels={days}
          series={[
            { label: 'Starts', data: data.per_day.map((point) => point.starts) },
            { label: 'Failed', data: data.per_day.map((point) => point.failures) },
          ]}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
        <LabTable title="Slowest labs" labs={data.slowest} empty="No start reached its prompt in this period." />
        <LabTable title="Most failing labs" labs={data.most_failing} empty="No start failed in this period." />
      </Box>
      <Box sx={{ ...grid, mb: 2 }}>
        <FailureTable failures={data.failures} />
        <TableSection title="By kind and browser">
          <DataTable caption="Starts by kind" columns={kindColumns} rows={data.per_kind} rowKey={(row) => row.kind} />
          <Box sx={{ mt: 2 }}>
            <DataTable
              caption="Starts by browser"
              columns={browserColumns}
              rows={data.per_browser}
              rowKey={(row) => row.browser}
            />
          </Box>
        </TableSection>
      </Box>
      <LabTable title="Every lab started" labs={data.labs} empty="No lab started in this period." />
    </>
  );
}
