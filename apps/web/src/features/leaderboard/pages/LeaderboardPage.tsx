import EmojiEvents from '@mui/icons-material/EmojiEvents';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { EmptyState, LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { apiErrorStatus } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';
import { LeaderboardTable } from '../components/leaderboard-table.tsx';
import { MyRankCard } from '../components/my-rank-card.tsx';
import { PERIOD_PANEL_ID, PeriodTabs, periodTabId } from '../components/period-tabs.tsx';
import {
  PERIOD_LABELS,
  pageCount,
  readLeaderboardParams,
  writeLeaderboardParams,
  type LeaderboardParams,
} from '../lib/leaderboard-params.ts';
import { formatNumber } from '@/lib/plural.ts';
import { boardStatusText } from '../lib/board-status.ts';

const EMPTY_TEXT = {
  all: 'No one has earned points yet. Complete a lesson to take first place.',
  month: 'No one has earned points this month yet. Complete a lesson to take first place.',
  week: 'No one has earned points this week yet. Complete a lesson to take first place.',
} as const;

/** R2 /leaderboard: the points board by period (UTC), paged, with the learner's own rank. */
export function LeaderboardPage() {
  usePageTitle('Leaderboard');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readLeaderboardParams(searchParams), [searchParams]);
  const board = useLeaderboard(params);

  const go = (next: LeaderboardParams) => setSearchParams(writeLeaderboardParams(next));
  const pastTheEnd = board.isError && apiErrorStatus(board.error) === 404 && params.page > 1;

  let body;
  if (pastTheEnd) {
    body = (
      <EmptyState
        title="This page is past the end of the board"
        action={
          <Button variant="contained" onClick={() => go({ ...params, page: 1 })}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (board.isPending) {
    body = <LoadingBlock label="Loading the leaderboard…" />;
  } else if (board.isError) {
    body = (
      <LoadError title="Could not load the leaderboard." error={board.error} onRetry={() => void board.refetch()} />
    );
  } else if (board.data.status?.mode === 'hidden') {
    body = (
      <EmptyState title="The leaderboard is hidden" icon={<VisibilityOff />}>
        {boardStatusText(board.data.status)}
      </EmptyState>
    );
  } else if (board.data.results.length === 0) {
    body = (
      <EmptyState title="The board is empty" icon={<EmojiEvents />}>
        {EMPTY_TEXT[board.data.period]}
      </EmptyState>
    );
  } else {
    const { results, me, count, period } = board.data;
    const pages = pageCount(count);
    const first = results[0]!.rank;
    const last = results[results.length - 1]!.rank;
    const pinAbove = me.rank !== null && me.rank < first;
    const pinBelow = me.rank === null || me.rank > last;
    const pinned = <MyRankCard me={me} period={period} />;
    body = (
      <>
        {pinAbove && pinned}
        <LeaderboardTable
          caption={`Leaderboard, ${PERIOD_LABELS[period].toLowerCase()}, page ${params.page} of ${pages}`}
          entries={results}
          myRank={me.rank}
          busy={board.isPlaceholderData}
        />
        {pinBelow && pinned}
        {pages > 1 && (
          <Pagination
            page={Math.min(params.page, pages)}
            count={pages}
            siblingCount={0}
            onChange={(_event, page) => {
              go({ ...params, page });
              window.scrollTo({ top: 0 });
            }}
            getItemAriaLabel={(type, page, selected) =>
              type === 'page' ? `${selected ? 'Page' : 'Go to page'} ${page}` : `Go to ${type} page`
            }
            sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
          />
        )}
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mt: 2, textAlign: 'center' }}>
          Ranks {formatNumber(first)}–{formatNumber(last)} of {formatNumber(count)} learners
        </Typography>
      </>
    );
  }

  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      <PageHeader eyebrow="Compete" title="Leaderboard">
        Points earned by every learner. Months and weeks follow UTC; weeks start on Monday. Equal points are ranked by
        who reached them first.
      </PageHeader>
      <PeriodTabs value={params.period} onChange={(period) => go({ period, page: 1 })} />
      <Box id={PERIOD_PANEL_ID} role="tabpanel" aria-labelledby={periodTabId(params.period)}>
        <Box sx={{ height: 4, mb: 1 }} aria-hidden>
          {board.isFetching && !board.isPending && <LinearProgress />}
        </Box>
        {board.data?.status?.mode === 'frozen' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {boardStatusText(board.data.status)}
          </Alert>
        )}
        {body}
      </Box>
    </Container>
  );
}
