import { ANONYMOUS_LEARNER, type ChallengeLeaderboard as Board } from '@bastion/contract';
import Bolt from '@mui/icons-material/Bolt';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import defaultAvatar from '@/assets/default-avatar.svg';
import { formatDateTime } from '@/lib/format-time.ts';
import { mediaUrl } from '@/lib/media-url.ts';
import { formatDuration } from '../lib/format.ts';

interface ChallengeLeaderboardProps {
  board: Board;
  /** The signed-in learner, whose row stands out. */
  username: string | null;
}

/** The challenge's solvers: points first, then time taken (R15). */
export function ChallengeLeaderboardTable({ board, username }: ChallengeLeaderboardProps) {
  if (board.results.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>No one has solved this challenge yet. Be the first.</Typography>
    );
  }
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label="Challenge leaderboard table"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3 }}
    >
      <Table size="small" sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Rank</TableCell>
            <TableCell scope="col">Learner</TableCell>
            <TableCell scope="col" align="right">
              Points
            </TableCell>
            <TableCell scope="col" align="right">
              Time taken
            </TableCell>
            <TableCell scope="col">Completed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {board.results.map((entry) => {
            // A solver whose public profile is off comes without a username (and photo): named by the label.
            const mine = username !== null && entry.username === username;
            return (
              <TableRow
                key={entry.rank}
                selected={mine}
                aria-current={mine ? 'true' : undefined}
                sx={mine ? { '& td, & th': { fontWeight: 700 } } : undefined}
              >
                <TableCell component="th" scope="row">
                  #{entry.rank}
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Avatar src={mediaUrl(entry.photo) ?? defaultAvatar} alt="" sx={{ width: 28, height: 28 }} />
                    <span>{entry.username ?? ANONYMOUS_LEARNER}</span>
                    {mine && <Chip size="small" color="primary" label="You" />}
                    {entry.first_blood && (
                      <Chip size="small" variant="outlined" color="error" icon={<Bolt />} label="First blood" />
                    )}
                  </Box>
                </TableCell>
                <TableCell align="right">{entry.points}</TableCell>
                <TableCell align="right">{formatDuration(entry.time_taken_seconds)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.completed_at) ?? '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
