import { PAGING, type ChallengeHistoryItem } from '@bastion/contract';
import Bolt from '@mui/icons-material/Bolt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useChallengeHistory } from '../api/get-challenge-history.ts';
import { formatDay } from '../lib/format.ts';
import { PagedView } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';
import { formatNumber, plural } from '@/lib/plural.ts';

const STATUS: Record<ChallengeHistoryItem['status'], { label: string; color: 'success' | 'info' | 'default' }> = {
  completed: { label: 'Completed', color: 'success' },
  in_progress: { label: 'In progress', color: 'info' },
  not_started: { label: 'Not started', color: 'default' },
};

function duration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} h ${minutes} min`;
  return minutes > 0 ? `${minutes} min` : `${seconds} s`;
}

function ChallengeRow({ item }: { item: ChallengeHistoryItem }) {
  const status = STATUS[item.status];
  const done = item.status === 'completed';
  const when =
    done && item.completed_at ? `Completed ${formatDay(item.completed_at)}` : `Started ${formatDay(item.started_at)}`;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          <Link component={RouterLink} to={`/challenges/${encodeURIComponent(item.challenge.id)}`} color="inherit">
            {item.challenge.title}
          </Link>
        </Typography>
        <Stack direction="row" spacing={1}>
          {item.first_blood && (
            <Chip icon={<Bolt />} label="First blood" size="small" color="warning" variant="outlined" />
          )}
          <Chip label={status.label} size="small" color={status.color} variant="outlined" />
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {formatNumber(item.points_earned)} / {plural(item.challenge.points, 'point')} ·{' '}
        {plural(item.hints_used, 'hint')} used · {when}
        {item.time_taken_seconds !== null && ` · ${duration(item.time_taken_seconds)}`}
      </Typography>
      {done && (
        <Button
          component={RouterLink}
          to={`/completion/challenge/${encodeURIComponent(item.id)}`}
          size="small"
          sx={{ mt: 1, ml: -0.5 }}
          aria-label={`Completion record: ${item.challenge.title}`}
        >
          Completion record
        </Button>
      )}
    </Paper>
  );
}

/** R7: the challenges the learner started, page 1 and size 10 by default (R9). */
export function ChallengeHistorySection() {
  const [page, setPage] = useState<number>(PAGING.defaultPage);
  const history = useChallengeHistory(page, PAGING.defaultPageSize);
  return (
    <ProfileSection title="Challenge history">
      <PagedView
        query={history}
        page={page}
        onPageChange={setPage}
        what="your challenge history"
        empty={
          <>
            No challenges yet.{' '}
            <Link component={RouterLink} to="/challenges">
              Start one
            </Link>{' '}
            to test what you learned.
          </>
        }
      >
        {(items) => (
          <Box component="ul" aria-label="Challenge history" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {items.map((item) => (
              <ChallengeRow key={item.id} item={item} />
            ))}
          </Box>
        )}
      </PagedView>
    </ProfileSection>
  );
}
