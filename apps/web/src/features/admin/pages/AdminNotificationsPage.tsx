import type { BroadcastItem } from '@bastion/contract';
import Container from '@mui/material/Container';
import { useSearchParams } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { formatDateTime } from '@/lib/format-time.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { BROADCASTS_PAGE_SIZE, useBroadcasts } from '../api/broadcasts.ts';
import { BroadcastForm } from '../components/broadcast-form.tsx';
import type { Column } from '../components/data-table.tsx';
import { FormAndList } from '../components/form-and-list.tsx';

const COLUMNS: Column<BroadcastItem>[] = [
  { key: 'at', label: 'Sent', render: (item) => formatDateTime(item.at), nowrap: true },
  { key: 'by', label: 'By', render: (item) => item.by },
  { key: 'to', label: 'To', render: (item) => item.user ?? 'Every learner' },
  { key: 'title', label: 'Title', render: (item) => item.title },
  { key: 'message', label: 'Message', render: (item) => item.message },
  { key: 'kind', label: 'Kind', render: (item) => item.type, nowrap: true },
  { key: 'notified', label: 'Reached', render: (item) => item.notified, nowrap: true },
];

/** /admin/notifications: broadcast to everyone or one learner, and what was sent before. */
export function AdminNotificationsPage() {
  usePageTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const history = useBroadcasts(page);
  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Notifications">
        Send a notification to every learner or to one. It shows under their bell.
      </PageHeader>
      <FormAndList
        formTitle="New notification"
        form={<BroadcastForm />}
        listTitle="Sent"
        query={history}
        caption="Sent notifications"
        noun={['notification', 'notifications']}
        empty={{ title: 'Nothing sent yet', text: 'Broadcasts from here and from the command line appear here.' }}
        columns={COLUMNS}
        rowKey={(item) => item.id}
        page={page}
        pageSize={BROADCASTS_PAGE_SIZE}
        onPage={(value) => setParams({ page: String(value) })}
      />
    </Container>
  );
}
