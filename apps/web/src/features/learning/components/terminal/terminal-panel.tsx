import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTerminalContent } from '../../api/get-terminal-content.ts';
import { LoadError } from '../../../../components/query-states.tsx';
import { TerminalScreen } from './terminal-screen.tsx';
import { visuallyHidden } from '../../../../lib/visually-hidden.ts';

/** The quiz's terminal section (loaded on demand with its interpreter). */
export default function TerminalPanel({ quizId }: { quizId: string }) {
  const content = useTerminalContent(quizId);
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ my: 3 }}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1 }}>
        Terminal
      </Typography>
      {content.isPending ? (
        <Box role="status">
          <Box component="span" sx={visuallyHidden}>
            Loading the terminal…
          </Box>
          <Skeleton variant="rounded" height={300} aria-hidden />
        </Box>
      ) : content.isError ? (
        <LoadError title="Could not load the terminal." error={content.error} onRetry={() => void content.refetch()} />
      ) : (
        <TerminalScreen session={content.data} titleId={titleId} />
      )}
    </Box>
  );
}
