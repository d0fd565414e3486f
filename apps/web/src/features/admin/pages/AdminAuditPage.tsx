import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@bastion/contract';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FilterBar, FilterSelect } from '@/components/filter-bar.tsx';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { formatDateTime } from '@/lib/format-time.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { exportAuditLog } from '../api/export-audit-log.ts';
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditFilters } from '../api/get-audit-log.ts';
import { CsvExport } from '../components/csv-export.tsx';
import type { Column } from '../components/data-table.tsx';
import { PagedResults } from '../components/paged-results.tsx';
import { actionLabel, describeState, viaLabel } from '../lib/audit-labels.ts';
import { useSearchFilters } from '../lib/use-search-filters.ts';

const FILTERS = ['action', 'actor', 'target', 'from', 'to'] as const satisfies readonly (keyof AuditFilters)[];

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'at', label: 'When', render: (entry) => formatDateTime(entry.at), nowrap: true },
  {
    key: 'actor',
    label: 'Who',
    render: (entry) => (
      <>
        {entry.actor.name}
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          {viaLabel(entry.actor.via)}
          {entry.ip ? `, from ${entry.ip}` : ''}
        </Typography>
      </>
    ),
  },
  { key: 'action', label: 'What', render: (entry) => actionLabel(entry.action) },
  { key: 'target', label: 'Target', render: (entry) => entry.target.label ?? entry.target.id ?? entry.target.type },
  { key: 'before', label: 'Before', render: (entry) => describeState(entry.before) },
  { key: 'after', label: 'After', render: (entry) => describeState(entry.after) },
];

/**
 * /admin/audit: every staff action and every CLI command that changed data, staff sign-ins and learners' code
 * redemptions, newest first, with a CSV export of what the filters match. Read-only.
 */
export function AdminAuditPage() {
  usePageTitle('Audit log');
  const filters = useSearchFilters(FILTERS);
  const log = useAuditLog(filters.applied, filters.page);

  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Audit log">
        Every staff action and command-line change, staff sign-ins and learners' code redemptions, with who, when and
        from where. Entries are never changed or removed.
      </PageHeader>
      <FilterBar
        label="Filter the audit log"
        columns="repeat(5, 1fr) auto"
        canClear={filters.canClear}
        onClear={filters.clear}
      >
        <FilterSelect
          label="Action"
          anyLabel="Any action"
          value={filters.draft.action as AuditAction | ''}
          options={AUDIT_ACTIONS}
          labelOf={actionLabel}
          onChange={(value) => filters.set('action', value)}
        />
        <TextField
          label="Who"
          value={filters.draft.actor}
          onChange={(event) => filters.set('actor', event.target.value)}
        />
        <TextField
          label="Target"
          helperText="A username, a code, or an id"
          value={filters.draft.target}
          onChange={(event) => filters.set('target', event.target.value)}
        />
        <TextField
          label="From"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          value={filters.draft.from}
          onChange={(event) => filters.set('from', event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          value={filters.draft.to}
          onChange={(event) => filters.set('to', event.target.value)}
        />
      </FilterBar>
      <CsvExport download={() => exportAuditLog(filters.applied)} failure="The audit log could not be downloaded.">
        Every entry these filters match, not only this page. The download is recorded in the log.
      </CsvExport>
      <PagedResults
        query={log}
        caption="Audit log entries"
        noun={['entry', 'entries']}
        empty={{ title: 'No entries', text: 'Nothing matches these filters.' }}
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        page={filters.page}
        pageSize={AUDIT_PAGE_SIZE}
        onPage={filters.setPage}
      />
    </Container>
  );
}
