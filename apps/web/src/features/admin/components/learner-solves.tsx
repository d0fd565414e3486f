import type { LearnerSolve } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { EmptyState, LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { formatDateTime } from '@/lib/format-time.ts';
import { useLearnerSolves } from '../api/scoreboard.ts';
import { DataTable, type Column } from './data-table.tsx';
import { SolveRemovalDialog } from './solve-removal-dialog.tsx';

const KIND_LABELS: Record<LearnerSolve['kind'], string> = { challenge: 'Challenge', quiz: 'Quiz' };

/** Finds a learner's solved challenges and quizzes, each with a way to remove it. */
export function LearnerSolves() {
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LearnerSolve | null>(null);
  const solves = useLearnerSolves(username);

  function submit(event: FormEvent) {
    event.preventDefault();
    setUsername(typed.trim() || null);
  }

  const columns: Column<LearnerSolve>[] = [
    { key: 'kind', label: 'Kind', render: (solve) => KIND_LABELS[solve.kind], nowrap: true },
    { key: 'title', label: 'Item', render: (solve) => solve.title },
    { key: 'points', label: 'Points', render: (solve) => solve.points, nowrap: true },
    { key: 'solved', label: 'Solved', render: (solve) => formatDateTime(solve.solved_at), nowrap: true },
    {
      key: 'actions',
      label: 'Actions',
      render: (solve) => (
        <Button
          size="small"
          color="warning"
          onClick={() => setRemoving(solve)}
          aria-label={`Remove the solve of ${solve.title}`}
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Find a learner's solves"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField label="Username" size="small" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <Button type="submit" variant="outlined">
          Show solves
        </Button>
      </Box>
      {username && solves.isPending && <LoadingBlock label="Loading solves…" />}
      {username && solves.isError && (
        <LoadError title="The solves could not be loaded." error={solves.error} onRetry={() => void solves.refetch()} />
      )}
      {solves.data && username && (
        <>
          <Typography role="status" sx={{ color: 'text.secondary' }}>
            {solves.data.username} has {solves.data.points} points and {solves.data.results.length}{' '}
            {solves.data.results.length === 1 ? 'solve' : 'solves'}.
          </Typography>
          {solves.data.results.length === 0 ? (
            <EmptyState title="No solves">This learner has not solved a challenge or quiz.</EmptyState>
          ) : (
            <DataTable
              caption={`Solves of ${solves.data.username}`}
              columns={columns}
              rows={solves.data.results}
              rowKey={(solve) => `${solve.kind}:${solve.id}`}
            />
          )}
        </>
      )}
      <SolveRemovalDialog username={solves.data?.username ?? ''} solve={removing} onClose={() => setRemoving(null)} />
    </Box>
  );
}
