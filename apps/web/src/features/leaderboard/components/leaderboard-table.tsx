import type { LeaderboardEntry } from '@bastion/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@/lib/visually-hidden.ts';
import { LeaderboardRow } from './leaderboard-row.tsx';

interface LeaderboardTableProps {
  caption: string;
  entries: LeaderboardEntry[];
  /** The caller's rank in this period: that row is highlighted. */
  myRank: number | null;
  busy?: boolean;
}

/** Small paddings on a phone keep the five columns within 375 px; wider content scrolls inside the frame. */
const cellSx = { px: { xs: 0.75, sm: 2 }, py: 1 } as const;

/** The ranked learners of one page of the board. */
export function LeaderboardTable({ caption, entries, myRank, busy = false }: LeaderboardTableProps) {
  return (
    // On a narrow screen the table scrolls sideways: the keyboard must be able to scroll it too.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={caption}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper', overflowX: 'auto' }}
    >
      <Table
        size="small"
        aria-busy={busy}
        sx={{ '& td, & th': cellSx, '& th': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}
      >
        <caption style={visuallyHidden}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ width: { sm: 72 } }}>
              Rank
            </TableCell>
            <TableCell scope="col">Learner</TableCell>
            <TableCell scope="col" align="center">
              Country
            </TableCell>
            <TableCell scope="col" align="right">
              Points
            </TableCell>
            <TableCell scope="col" align="right">
              Streak
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <LeaderboardRow key={entry.rank} entry={entry} mine={entry.rank === myRank} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
