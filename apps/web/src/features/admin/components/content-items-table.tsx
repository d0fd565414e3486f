import type { ContentItem } from '@bastion/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format-time.ts';
import type { OverrideChange } from '../api/content-items.ts';
import { DataTable, type Column } from './data-table.tsx';
import { OverrideActions } from './override-actions.tsx';

const KIND_LABELS: Record<ContentItem['kind'], string> = {
  course: 'Course',
  module: 'Module',
  lesson: 'Lesson',
  quiz: 'Quiz',
  challenge: 'Challenge',
  step: 'Step',
};
const DEPTH: Record<ContentItem['kind'], number> = { course: 0, module: 1, lesson: 2, quiz: 2, challenge: 0, step: 1 };

const visibility = (hidden: boolean) => (hidden ? 'Hidden' : 'Shown');
const contentValue = (item: ContentItem) =>
  item.kind === 'step' ? `${item.content_points} points` : visibility(item.content_hidden);
const effectiveValue = (item: ContentItem) =>
  item.kind === 'step' ? `${item.points} points` : visibility(item.hidden);

function OverrideCell({ item }: { item: ContentItem }) {
  const override = item.override;
  if (!override) return <>None</>;
  const value = override.points !== null ? `${override.points} points` : visibility(Boolean(override.hidden));
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[override.set_by ?? 'An operator', formatDateTime(override.set_at)].join(', ')}
        {override.reason ? `: ${override.reason}` : ''}
      </Typography>
    </Box>
  );
}

interface ContentItemsTableProps {
  caption: string;
  items: ContentItem[];
  busy: boolean;
  onChange(change: OverrideChange): void;
}

/** Items with the content's value, the override beside it and what learners get, each with its actions. */
export function ContentItemsTable({ caption, items, busy, onChange }: ContentItemsTableProps) {
  const columns: Column<ContentItem>[] = [
    {
      key: 'item',
      label: 'Item',
      render: (item) => (
        <Box sx={{ pl: DEPTH[item.kind] * 2.5 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {KIND_LABELS[item.kind]}
          </Typography>
          {item.title}
        </Box>
      ),
    },
    { key: 'content', label: 'Content', render: contentValue, nowrap: true },
    { key: 'override', label: 'Override', render: (item) => <OverrideCell item={item} /> },
    { key: 'learners', label: 'Learners get', render: effectiveValue, nowrap: true },
    {
      key: 'actions',
      label: 'Actions',
      render: (item) => <OverrideActions item={item} busy={busy} onChange={onChange} />,
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={items} rowKey={(item) => item.id} />;
}
