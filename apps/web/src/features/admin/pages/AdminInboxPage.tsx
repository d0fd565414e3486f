import { INBOX_STATES, type ContactItem, type FeedbackItem } from '@bastion/contract';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FilterBar, FilterSelect } from '@/components/filter-bar.tsx';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { apiErrorText } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format-time.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { INBOX_PAGE_SIZE, useInbox, useMarkHandled, type InboxKind } from '../api/inbox.ts';
import type { Column } from '../components/data-table.tsx';
import { InboxThreadDialog, type ThreadItem } from '../components/inbox-thread-dialog.tsx';
import { LearnerLink } from '../components/learner-link.tsx';
import { PagedResults } from '../components/paged-results.tsx';
import { useSearchFilters } from '../lib/use-search-filters.ts';

const KINDS = ['feedback', 'contact'] as const;
const KIND_LABELS: Record<InboxKind, string> = { feedback: 'Feedback', contact: 'Contact messages' };
const STATE_LABELS = { open: 'Open', handled: 'Handled', all: 'Open and handled' } as const;
const RATINGS = ['1', '2', '3', '4', '5'] as const;

function HandledCell({ kind, item }: { kind: InboxKind; item: FeedbackItem | ContactItem }) {
  const mark = useMarkHandled(kind);
  const snackbar = useSnackbar();
  if (item.handled_at) return <>{`Handled by ${item.handled_by ?? '—'}, ${formatDateTime(item.handled_at)}`}</>;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={mark.isPending}
      onClick={() =>
        mark.mutate(item.id, {
          onSuccess: () => snackbar.show('Marked handled.', 'success'),
          onError: (error) => snackbar.show(apiErrorText(error), 'error'),
        })
      }
    >
      Mark handled
    </Button>
  );
}

type Open = (item: ThreadItem) => void;

function ThreadButton({ item, open }: { item: ThreadItem; open: Open }) {
  return (
    <Button size="small" onClick={() => open(item)} aria-label={`Reply or note: message from ${item.from}`}>
      Reply or note
    </Button>
  );
}

const feedbackColumns = (open: Open): Column<FeedbackItem>[] => [
  { key: 'date', label: 'Date', render: (item) => formatDateTime(item.created_at), nowrap: true },
  { key: 'learner', label: 'Learner', render: (item) => <LearnerLink id={item.user_id} username={item.username} /> },
  { key: 'rating', label: 'Rating', render: (item) => `${item.rating} of 5`, nowrap: true },
  { key: 'text', label: 'Feedback', render: (item) => item.content },
  { key: 'state', label: 'State', render: (item) => <HandledCell kind="feedback" item={item} /> },
  {
    key: 'thread',
    label: 'Thread',
    render: (item) => (
      <ThreadButton
        item={{ id: item.id, from: item.username, text: item.content, created_at: item.created_at }}
        open={open}
      />
    ),
  },
];

const contactColumns = (open: Open): Column<ContactItem>[] => [
  { key: 'date', label: 'Date', render: (item) => formatDateTime(item.created_at), nowrap: true },
  {
    key: 'from',
    label: 'From',
    render: (item) => (
      <>
        {item.name} <Link href={`mailto:${item.email}`}>{item.email}</Link>
      </>
    ),
  },
  { key: 'subject', label: 'Subject', render: (item) => item.subject },
  { key: 'message', label: 'Message', render: (item) => item.message },
  { key: 'state', label: 'State', render: (item) => <HandledCell kind="contact" item={item} /> },
  {
    key: 'thread',
    label: 'Thread',
    render: (item) => (
      <ThreadButton
        item={{
          id: item.id,
          from: `${item.name} <${item.email}>`,
          text: `${item.subject}\n\n${item.message}`,
          created_at: item.created_at,
        }}
        open={open}
      />
    ),
  },
];

/** /admin/inbox: learners' feedback and contact-form messages; open ones first, marked handled once dealt with. */
export function AdminInboxPage() {
  usePageTitle('Inbox');
  const filters = useSearchFilters(['kind', 'status', 'rating', 'search'] as const);
  const kind: InboxKind = filters.applied.kind === 'contact' ? 'contact' : 'feedback';
  const status = filters.applied.status || 'open';
  const query = { status, search: filters.applied.search, rating: filters.applied.rating };
  const feedback = useInbox('feedback', query, filters.page, kind === 'feedback');
  const contact = useInbox('contact', query, filters.page, kind === 'contact');
  const shared = { page: filters.page, pageSize: INBOX_PAGE_SIZE, onPage: filters.setPage };
  const [thread, setThread] = useState<ThreadItem | null>(null);

  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Inbox">
        What learners wrote through the feedback form and visitors through the contact form. Reply by mail from a
        message's thread (the reply is kept beside it and the message marked handled), or add an internal note that only
        staff see.
      </PageHeader>
      <FilterBar
        label="Filter the inbox"
        columns="repeat(4, 1fr) auto"
        canClear={filters.canClear}
        onClear={filters.clear}
      >
        <FilterSelect
          label="Show"
          value={(filters.draft.kind || 'feedback') as InboxKind}
          options={KINDS}
          labelOf={(option) => KIND_LABELS[option]}
          onChange={(value) => filters.set('kind', value)}
        />
        <FilterSelect
          label="State"
          value={(filters.draft.status || 'open') as (typeof INBOX_STATES)[number]}
          options={INBOX_STATES}
          labelOf={(option) => STATE_LABELS[option]}
          onChange={(value) => filters.set('status', value)}
        />
        {kind === 'feedback' && (
          <FilterSelect
            label="Rating"
            anyLabel="Any rating"
            value={filters.draft.rating as (typeof RATINGS)[number] | ''}
            options={RATINGS}
            labelOf={(option) => `${option} of 5`}
            onChange={(value) => filters.set('rating', value)}
          />
        )}
        <TextField
          label="Search"
          type="search"
          value={filters.draft.search}
          onChange={(event) => filters.set('search', event.target.value)}
        />
      </FilterBar>
      {kind === 'feedback' ? (
        <PagedResults
          query={feedback}
          caption="Feedback"
          noun={['item', 'items']}
          empty={{ title: 'Nothing here', text: 'No feedback matches these filters.' }}
          columns={feedbackColumns(setThread)}
          rowKey={(item) => item.id}
          {...shared}
        />
      ) : (
        <PagedResults
          query={contact}
          caption="Contact messages"
          noun={['message', 'messages']}
          empty={{ title: 'Nothing here', text: 'No contact message matches these filters.' }}
          columns={contactColumns(setThread)}
          rowKey={(item) => item.id}
          {...shared}
        />
      )}
      <InboxThreadDialog kind={kind} item={thread} onClose={() => setThread(null)} />
    </Container>
  );
}
