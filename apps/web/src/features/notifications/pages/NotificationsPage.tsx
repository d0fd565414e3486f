import type { NotificationItem } from '@bastion/contract';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { EmptyState, LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { useAllNotifications, NOTIFICATIONS_PAGE_SIZE } from '../api/get-all-notifications.ts';
import { useNotificationDetail } from '../api/get-notification-detail.ts';
import { unreadCountOf, useNotificationList } from '../api/get-notification-list.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NotificationListItem } from '../components/notification-list-item.tsx';
import { SELECTED_PARAM } from '../lib/notifications-path.ts';
import { isMissing } from '@/lib/api-errors.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * R2 /notifications: every notification, newest first, paged; `?selected=` opens one (from the menu).
 * Opening an unread one marks it read; a selected one that is not on this page is shown above the list.
 */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const selected = params.get(SELECTED_PARAM);
  const list = useAllNotifications(page);
  const menu = useNotificationList();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const onPage = list.data?.results.some((item) => item.uuid === selected) ?? false;
  const detail = useNotificationDetail(selected, list.isSuccess && !onPage);
  const selectedMissing = detail.isError && isMissing(detail.error);
  const selectedRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (onPage) selectedRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [onPage, selected]);

  const update = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace: true });
  };

  const toggle = (notification: NotificationItem) => {
    const opening = notification.uuid !== selected;
    update((next) => (opening ? next.set(SELECTED_PARAM, notification.uuid) : next.delete(SELECTED_PARAM)));
    if (opening && !notification.is_read) markRead.mutate(notification.uuid);
  };

  const unread = unreadCountOf(menu.data);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / NOTIFICATIONS_PAGE_SIZE)) : 1;
  const pinned = !onPage && detail.data ? detail.data : null;

  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      <PageHeader eyebrow="Inbox" title="Notifications">
        Points, badges, completions and account news, newest first.
      </PageHeader>
      {unread >= 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<DoneAll />}
            onClick={() => markAll.mutate()}
            disabled={markAll.isPending}
          >
            Mark All as Read
          </Button>
        </Box>
      )}
      {pinned && (
        <Box component="ul" aria-label="Selected notification" sx={{ p: 0, m: 0, mb: 3 }}>
          <NotificationListItem notification={pinned} selected onToggle={toggle} />
        </Box>
      )}
      {selected && selectedMissing && (
        <Typography role="status" sx={{ mb: 2, color: 'text.secondary' }}>
          That notification no longer exists.
        </Typography>
      )}
      {list.isPending ? (
        <LoadingBlock label="Loading notifications…" />
      ) : list.isError ? (
        page > 1 ? (
          <EmptyState
            title="No notifications on this page"
            action={<Button onClick={() => update((next) => next.delete('page'))}>Go to the first page</Button>}
          />
        ) : (
          <LoadError
            title="Failed to load notifications. Please try again later."
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        )
      ) : list.data.results.length === 0 ? (
        <EmptyState title="No notifications yet">
          Complete a lesson, a quiz or a challenge and the news of your progress arrives here.
        </EmptyState>
      ) : (
        <>
          <Box component="ul" aria-label="All notifications" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {list.data.results.map((notification) => (
              <NotificationListItem
                key={notification.uuid}
                notification={notification}
                selected={notification.uuid === selected}
                onToggle={toggle}
                itemRef={notification.uuid === selected ? selectedRef : undefined}
              />
            ))}
          </Box>
          {pages > 1 && (
            <Pagination
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
              count={pages}
              page={page}
              onChange={(_, value) => update((next) => next.set('page', String(value)))}
              getItemAriaLabel={(type, item, current) =>
                type === 'page' ? `${current ? '' : 'Go to '}page ${item}` : `Go to ${type} page`
              }
            />
          )}
        </>
      )}
    </Container>
  );
}
